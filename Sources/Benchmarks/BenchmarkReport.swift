import Foundation

/// The results and how they were obtained, as a terminal table and as docs/BENCHMARKS.md.
struct BenchmarkReport {
    var rows: [BenchmarkRow]
    var options: BenchmarkOptions
    var notes: [String]

    var table: String {
        let header = ["case", "apix", "reference", "ratio", "target", "met"]
        let cells = rows.map { [$0.name, $0.apix, $0.reference, $0.ratio, $0.target, verdict($0.met)] }
        let widths = header.indices.map { column in ([header] + cells).map { $0[column].count }.max() ?? 0 }
        func line(_ values: [String]) -> String {
            zip(values, widths).map { $0.padding(toLength: $1, withPad: " ", startingAt: 0) }.joined(separator: "  ")
        }
        return ([line(header)] + cells.map(line)).joined(separator: "\n")
    }

    /// What the harness knows about how it ran: arguments, load averages at the start and end, how `apix` links.
    var context = BenchmarkContext()

    /// Separates the generated results from what follows them in the file (kept when the file is rewritten).
    static let endMarker = "<!-- apix-bench: end of generated results; what follows is kept on every run -->"

    /// The generated part of docs/BENCHMARKS.md; `kept` (the text after `endMarker` in the previous file) follows.
    func markdown(keeping kept: String?) -> String {
        let arguments = context.arguments.isEmpty ? "" : " " + context.arguments.joined(separator: " ")
        var text = """
            # Benchmarks

            Produced by `apix-bench` (`Sources/Benchmarks`): everything above the end marker is rewritten on every run.
            Timed rows give the median of \(options.runs == 1 ? "a single run" : "\(options.runs) runs") after one warm-up
            (min–max in brackets), measured in the same run as their reference, unless the row or a note says otherwise:
            key rows give the median, 95th percentile and maximum over the keys of one pass, peak RSS rows the largest
            of the runs, and cancellation is timed without a warm-up.

            - Date: \(Self.date())
            - Machine: \(Self.machine())
            - Load average (1 min) at the start and end of the run: \(context.loadAtStart) → \(Self.loadAverage())
            - Command: `.build/release/apix-bench\(arguments)` after `make bench`'s release build of the four programs it
              runs (`make release`'s flags); `apix` \(context.linkage)
            - Server: the bundled demo API in its own process (`apix demo --serve --port 0`), loopback only.

            | case | apix | reference (same run) | ratio | target | met |
            |---|---|---|---|---|---|

            """
        for row in rows {
            text +=
                "| \(row.name) | \(row.apix) | \(row.reference) | \(row.ratio) | \(row.target) "
                + "| \(verdict(row.met)) |\n"
        }
        if !notes.isEmpty {
            text += "\n## Notes\n\n" + notes.map { "- \($0)" }.joined(separator: "\n") + "\n"
        }
        text += "\n" + Self.endMarker + "\n"
        if let kept { text += kept }
        return text
    }

    /// The text after the end marker in an existing report, to carry over.
    static func keptPart(of path: String) -> String? {
        guard let old = try? String(contentsOfFile: path, encoding: .utf8),
            let marker = old.range(of: endMarker)
        else { return nil }
        let tail = old[marker.upperBound...].drop { $0 == "\n" }
        return tail.isEmpty ? nil : "\n" + tail
    }

    /// The 1-minute load average now, from /proc/loadavg.
    static func loadAverage() -> String {
        (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8))?.split(separator: " ").first.map(String.init)
            ?? "?"
    }

    private func verdict(_ met: Bool?) -> String {
        switch met {
        case true?: "yes"
        case false?: "**no**"
        case nil: "—"
        }
    }

    static func date() -> String {
        Date().formatted(.iso8601.year().month().day())
    }

    static func machine() -> String {
        let cpu =
            (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8))?
            .split(separator: "\n").first { $0.hasPrefix("model name") }?
            .split(separator: ":", maxSplits: 1).last?.trimmingCharacters(in: .whitespaces) ?? "unknown CPU"
        let cores = ProcessInfo.processInfo.activeProcessorCount
        let memory = Double(ProcessInfo.processInfo.physicalMemory) / Double(1 << 30)
        var system = utsname()
        uname(&system)
        let release = withUnsafeBytes(of: &system.release) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        return "\(cpu), \(cores) cores, \(Int(memory.rounded())) GiB, Linux \(release)"
    }
}

/// How a run was started, for the report.
struct BenchmarkContext {
    var arguments: [String] = []
    var loadAtStart = BenchmarkReport.loadAverage()
    /// "links the Swift runtime statically" or "links the Swift runtime as shared libraries".
    var linkage = ""
}
