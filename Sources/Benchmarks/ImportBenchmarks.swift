import Foundation

/// Issue #15's import targets, tightened by issue 32 (≤ 2 s with the schemas kept): `apix import openapi` of Stripe's
/// 4 MB document (whole process, the `apix-openapi` it becomes included), wall time and peak RSS; the import writes
/// every response and request-body schema and the components they reach to `stripe.schemas.json`. The document is
/// read from `../shared/openapi-specs/` (beside the repository) or `--stripe PATH`; without it the rows say so.
struct ImportBenchmarks {
    let options: BenchmarkOptions
    let apix: String
    let scratch: String

    static let defaultDocument = "../shared/openapi-specs/stripe-spec3-3.0.yaml"

    func run() throws -> (rows: [BenchmarkRow], notes: [String]) {
        let document = options.stripe ?? Self.defaultDocument
        guard FileManager.default.fileExists(atPath: document) else {
            let missing = "not measured: no \(document)"
            return (
                [
                    BenchmarkRow(
                        name: "`apix import openapi` of Stripe's spec3.yaml, wall", apix: missing, reference: "—",
                        ratio: "—", target: "≤ 2 s", met: nil),
                    BenchmarkRow(
                        name: "`apix import openapi` of Stripe's spec3.yaml, peak RSS", apix: missing, reference: "—",
                        ratio: "—", target: "≤ 300 MB", met: nil),
                ], []
            )
        }
        let runs = options.quick ? 1 : max(3, min(options.runs, 5))
        var seconds: [Double] = []
        var peaks: [Double] = []
        for run in 0..<runs {
            let directory = scratch + "/import-\(run)"
            let outcome = try Subprocess.run(
                apix, ["import", "openapi", document, "--name", "stripe", "--profiles", directory, "--force"])
            guard outcome.status == 0 else { throw BenchmarkError("apix import openapi exited \(outcome.status)") }
            seconds.append(outcome.seconds)
            try? FileManager.default.removeItem(atPath: directory)
            // A separate run through GNU time: `wait4`'s figure would include this harness's own peak
            // (`Subprocess.peakRSS`).
            let arguments = ["import", "openapi", document, "--name", "stripe", "--profiles", directory, "--force"]
            peaks.append(Double(try Subprocess.peakRSS(apix, arguments, scratch: scratch) ?? outcome.maxRSS))
            try? FileManager.default.removeItem(atPath: directory)
        }
        let wall = Stats(samples: seconds)
        let rss = Stats(samples: peaks)
        func megabytes(_ bytes: Double) -> String { String(format: "%.0f", bytes / 1e6) }
        return (
            [
                BenchmarkRow(
                    name:
                        "`apix import openapi` of Stripe's spec3.yaml (4.2 MB, 468 operations), schemas kept, wall "
                        + "(\(runs) runs)",
                    apix: BenchmarkFormat.seconds(wall), reference: "—", ratio: "—", target: "≤ 2 s",
                    met: wall.median <= 2),
                BenchmarkRow(
                    name: "`apix import openapi` of Stripe's spec3.yaml, schemas kept, peak RSS (\(runs) runs)",
                    apix: "\(megabytes(rss.median)) MB [\(megabytes(rss.min))–\(megabytes(rss.max))]", reference: "—",
                    ratio: "—", target: "≤ 300 MB", met: rss.max <= 300e6),
            ], []
        )
    }
}
