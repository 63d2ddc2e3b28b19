import Foundation

/// Issue 31's row: `apix test` checking a large JSON answer of the demo server (eight JSONPath checks and a capture,
/// as `CheckMemoryTests` writes them), its time and peak RSS against the body's size: checks read the body in place
/// (`JSONTape`), so the peak stays near the body's own size.
struct CheckBenchmark {
    let options: BenchmarkOptions
    let apix: String
    let scratch: String
    let port: Int

    /// 64 MiB, the largest body checks read; 9 MiB with `--quick`.
    var size: Int { options.quick ? 9 << 20 : 64 << 20 }

    func run() throws -> BenchmarkRow {
        let folder = scratch + "/checks"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let records = (size - 1) / 513  // the demo's records are 512 bytes and a comma
        try """
        environments: { local: { base_url: "http://127.0.0.1:\(port)" } }
        endpoints:
          - id: large
            path: /json/large
            query: { bytes: "\(size)" }
            capture: { first: { json: "$[0].name" } }
            expect:
              status: 200
              json:
                "$": { count: \(records) }
                "$[0].id": 1
                "$[-1].name": "item-\(records)"
                "$[?@.id == 1000].owner.email": { matches: "^user[0-9]+@example[.]com$" }
                "$..tags[?@ == '🚀']": { count: \(records) }
                "$[*].dimensions[1]": { type: integer }
                "$[1]": { "!=": 1 }
                "$[?@.id > \(records)]": { exists: false }
        """.write(toFile: folder + "/checks.yaml", atomically: true, encoding: .utf8)
        let arguments = ["test", "checks", "--profiles", folder]
        let runs = options.quick ? 1 : 3
        var samples: [Double] = []
        var peak: Int64 = 0
        for _ in 0..<runs {
            let start = Subprocess.now()
            // Through GNU time: `wait4`'s figure would include this process's own peak.
            peak = max(
                peak,
                try Subprocess.peakRSS(apix, arguments, scratch: scratch) ?? Subprocess.run(apix, arguments).maxRSS)
            samples.append(Subprocess.now() - start)
        }
        let ratio = Double(peak) / Double(size)
        return BenchmarkRow(
            name: "check a \(size >> 20) MiB JSON answer (`apix test`: 8 checks and a capture; time, peak RSS; "
                + "\(runs) runs)",
            apix: BenchmarkFormat.seconds(Stats(samples: samples)) + ", " + BenchmarkFormat.mib(Int(peak)),
            reference: BenchmarkFormat.mib(size) + " (the body)", ratio: BenchmarkFormat.ratio(ratio),
            target: "peak ≤ 3 × the body", met: ratio <= 3)
    }
}
