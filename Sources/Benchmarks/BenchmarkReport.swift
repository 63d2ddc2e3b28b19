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

    var markdown: String {
        var text = """
            # Benchmarks

            Produced by `apix-bench` (`Sources/Benchmarks`); do not edit by hand. Every figure is the median of
            \(options.runs) runs after one warm-up (min–max in brackets), measured in the same run as its reference.

            - Date: \(Self.date())
            - Machine: \(Self.machine())
            - Command: `swift build -c release && .build/release/apix-bench\(options.quick ? " --quick" : "")`
              (`make bench`)
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
        return text
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
