import ExplorerCore
import Foundation

/// Issue 30's "1,000 sequential small GETs ≤ 1.0 × curl": `Client.send` in a loop in process against one curl process
/// given the same URLs, runs interleaved, one reused connection each. Measured against two servers: the demo server
/// (the row's first form) and nginx. The demo server spends 100–200 µs of Swift work and three or four thread switches
/// on each answer, several times the client's own cost, so its ratio moves with how the two cores happen to be shared;
/// nginx answers in a few microseconds, so its row shows the clients' own per-request costs.
struct SmallRequestsBenchmark {
    let options: BenchmarkOptions

    /// The row for `url`; `server` names the server in the row and the note.
    func row(url: String, server: String, notes: inout [String]) async throws -> BenchmarkRow {
        let count = options.quick ? 20 : 1000
        let client = Client()
        let request = PreparedRequest(url: url)
        // The loop runs where `apix test` runs its requests one at a time: on libcurl's loop thread.
        func apixRun() async throws -> Double {
            try await withTaskExecutorPreference(client.loopExecutors.first) {
                let start = Subprocess.now()
                for _ in 0..<count { _ = try await client.send(request).get() }
                return Subprocess.now() - start
            }
        }
        let curlArguments = ["-s"] + Array(repeating: url, count: count)
        _ = try await apixRun()
        _ = try Subprocess.run("curl", curlArguments)
        var ours: [Double] = []
        var theirs: [Double] = []
        for _ in 0..<options.runs {
            ours.append(try await apixRun())
            theirs.append(try Subprocess.run("curl", curlArguments).seconds)
        }
        let a = Stats(samples: ours)
        let c = Stats(samples: theirs)
        notes.append(
            "Small GETs to \(server): apix in process (`Client.send` in a loop on libcurl's loop thread, as `apix test` "
                + "sends one request at a time; one reused connection) vs one curl process given \(count) URLs "
                + "(its start included); per request: apix \(BenchmarkFormat.micros(a.median / Double(count))), curl "
                + "\(BenchmarkFormat.micros(c.median / Double(count))).")
        return BenchmarkRow(
            name: "\(count) sequential small GETs on one connection (\(server))", apix: BenchmarkFormat.seconds(a),
            reference: BenchmarkFormat.seconds(c) + " (curl, one process)",
            ratio: BenchmarkFormat.ratio(a.median / c.median), target: "≤ 1.0 × curl", met: a.median <= c.median)
    }

    /// The row against nginx on loopback (the load rows' server), or a row saying why it was not measured.
    func rowAgainstNginx(scratch: String, notes: inout [String]) async throws -> BenchmarkRow {
        guard FileManager.default.isExecutableFile(atPath: "/usr/sbin/nginx") else {
            return BenchmarkRow(
                name: "sequential small GETs (nginx)", apix: "not measured: needs nginx (`make bench` installs it)",
                reference: "—", ratio: "—", target: "—", met: nil)
        }
        let nginx = try LoadBenchmark.Nginx(scratch: scratch)
        defer { nginx.stop() }
        return try await row(url: nginx.url + "/hello", server: "nginx", notes: &notes)
    }
}
