import ExplorerCore
import ExplorerHistory
import Foundation

/// Issue #14's rows: what recording costs the sender, and how fast a large history opens.
struct HistoryBenchmarks {
    let options: BenchmarkOptions
    let apix: String
    let scratch: String
    let port: Int

    func run() async throws -> (rows: [BenchmarkRow], notes: [String]) {
        var notes: [String] = []
        var rows = [try await recordedGets(notes: &notes)]
        rows.append(try wholeRun(notes: &notes))
        rows.append(try largeBodyMemory())
        rows.append(try largeHistory(notes: &notes))
        return (rows, notes)
    }

    /// The answer `largeBodyMemory` prints: 40 MiB, spooled to disk (past the 8 MiB kept in memory); 9 MiB with
    /// `--quick` (still spooled).
    static func largeBody(quick: Bool) -> Int { quick ? 9 << 20 : 40 << 20 }

    /// Peak RSS of `apix run` printing a 40 MiB answer, recording it against `--no-history`: the hand-over copies
    /// the spooled body beside its pending entry a piece at a time. After each recording run its writer (the body
    /// alone starts one) is waited for.
    private func largeBodyMemory() throws -> BenchmarkRow {
        let runs = options.quick ? 1 : 5
        let arguments = ["run", "bench", "large", "--profiles", scratch]
        let state = StateDirectory.path()
        var recording: Int64 = 0
        var plain: Int64 = 0
        // Through GNU time: `wait4`'s figure would include this process's own peak (`Subprocess.peakRSS`).
        func peak(_ arguments: [String]) throws -> Int64 {
            try Subprocess.peakRSS(apix, arguments, scratch: scratch) ?? Subprocess.run(apix, arguments).maxRSS
        }
        for _ in 0..<runs {
            recording = max(recording, try peak(arguments))
            var waited = 0
            while HistoryPending.hasEntries(in: state), waited < 25_000 {
                usleep(200)
                waited += 1
            }
            plain = max(plain, try peak(arguments + ["--no-history"]))
        }
        let ratio = Double(recording) / Double(plain)
        return BenchmarkRow(
            name: "peak RSS of `apix run` printing a \(Self.largeBody(quick: options.quick) >> 20) MiB answer, "
                + "recorded in the history (\(runs) runs)",
            apix: BenchmarkFormat.mib(Int(recording)), reference: BenchmarkFormat.mib(Int(plain)) + " (--no-history)",
            ratio: BenchmarkFormat.ratio(ratio), target: "≤ 1.1 × --no-history", met: ratio <= 1.1)
    }

    /// 1,000 small GETs on one connection, without history and with each exchange recorded the way the explorer
    /// records (handed to the recorder's writer thread, which builds, masks and writes the entry).
    private func recordedGets(notes: inout [String]) async throws -> BenchmarkRow {
        let count = options.quick ? 20 : 1000
        let client = Client()
        let request = PreparedRequest(url: "http://127.0.0.1:\(port)/todos/1")
        let directory = scratch + "/history-gets"
        let recorder = HistoryRecorder(directory: directory, environment: [:])
        func loop(recording: Bool) async throws -> (sent: Double, recorded: Double) {
            let start = Subprocess.now()
            for _ in 0..<count {
                let result = await client.send(request)
                _ = try result.get()
                guard recording else { continue }
                recorder.recordLater {
                    HistoryRecording.entry(
                        origin: .explorer, profile: "bench", environment: "local", endpoint: "small",
                        shown: request, result: result, secrets: .none)
                } onFailure: { warning in
                    fatalError("history: \(warning)")
                }
            }
            let sent = Subprocess.now() - start
            while !recorder.isIdle { try? await Task.sleep(for: .milliseconds(1)) }
            return (sent, Subprocess.now() - start)
        }
        _ = try await loop(recording: false)
        _ = try await loop(recording: true)
        var plain: [Double] = []
        var recorded: [Double] = []
        var flushed: [Double] = []
        for _ in 0..<options.runs {
            plain.append(try await loop(recording: false).sent)
            let run = try await loop(recording: true)
            recorded.append(run.sent)
            flushed.append(run.recorded)
        }
        let a = Stats(samples: recorded)
        let b = Stats(samples: plain)
        let f = Stats(samples: flushed)
        notes.append(
            "History: \(count) GETs with recording took \(BenchmarkFormat.seconds(a)) to the last response and "
                + "\(BenchmarkFormat.seconds(f)) until the last record was written (\(BenchmarkFormat.micros((f.median - b.median) / Double(count))) "
                + "of writing per exchange, off the sender's path).")
        return BenchmarkRow(
            name: "\(count) small GETs, each recorded in the history (in process)", apix: BenchmarkFormat.seconds(a),
            reference: BenchmarkFormat.seconds(b) + " (no history)", ratio: BenchmarkFormat.ratio(a.median / b.median),
            target: "≤ 1.05 × no history", met: a.median <= 1.05 * b.median)
    }

    /// One whole `apix run` recording against `--no-history` and curl, interleaved. `apix run` hands its entry over
    /// and exits; the run that fills a batch (`HistoryPending.writerStartsAtEntries`) starts a writer for them all,
    /// which is waited for (the pending files gone) so that it never runs during the next measurement; how long it
    /// took after `apix run` ended is a note.
    private func wholeRun(notes: inout [String]) throws -> BenchmarkRow {
        let runs = options.quick ? 2 : max(40, options.runs)
        let arguments = ["run", "bench", "small", "--profiles", scratch]
        let curlArguments = ["-s", "http://127.0.0.1:\(port)/todos/1"]
        let state = StateDirectory.path()
        func recorded() throws -> (process: Double, writer: Double?) {
            let startsWriter = HistoryPending.writerDue(in: state, adding: 1)
            let process = try Subprocess.run(apix, arguments).seconds
            guard startsWriter else { return (process, nil) }
            let ended = Subprocess.now()
            var waited = 0
            while HistoryPending.hasEntries(in: state), waited < 5_000 {
                usleep(200)
                waited += 1
            }
            return (process, Subprocess.now() - ended)
        }
        _ = try recorded()
        _ = try Subprocess.run(apix, arguments + ["--no-history"])
        _ = try Subprocess.run("curl", curlArguments)
        var with: [Double] = []
        var writer: [Double] = []
        var without: [Double] = []
        var curl: [Double] = []
        for _ in 0..<runs {
            let run = try recorded()
            with.append(run.process)
            if let time = run.writer { writer.append(time) }
            without.append(try Subprocess.run(apix, arguments + ["--no-history"]).seconds)
            curl.append(try Subprocess.run("curl", curlArguments).seconds)
        }
        let a = Stats(samples: with)
        let b = Stats(samples: without)
        let c = Stats(samples: curl)
        let w = Stats(samples: writer)
        notes.append(
            "History, whole process: `apix run` \(BenchmarkFormat.milliseconds(a)) recording, "
                + "\(BenchmarkFormat.milliseconds(b)) with --no-history, curl \(BenchmarkFormat.milliseconds(c)) "
                + "(interleaved); one run in \(HistoryPending.writerStartsAtEntries) starts a writer, which recorded "
                + "the batch \(BenchmarkFormat.milliseconds(w)) after that run exited (\(writer.count) batches).")
        return BenchmarkRow(
            name: "`apix run` of one small GET recorded in the history, whole process (\(runs) runs)",
            apix: BenchmarkFormat.milliseconds(a), reference: BenchmarkFormat.milliseconds(b) + " (--no-history)",
            ratio: BenchmarkFormat.ratio(a.median / b.median), target: "≤ 1.05 × --no-history",
            met: a.median <= 1.05 * b.median)
    }

    /// A history of 100,000 entries: opening it and reading the first screen (the explorer's window reads 500).
    private func largeHistory(notes: inout [String]) throws -> BenchmarkRow {
        let count = options.quick ? 1_000 : 100_000
        let directory = scratch + "/history-large"
        var settings = HistorySettings()
        settings.maxEntries = count
        let store = try HistoryStore(directory: directory, settings: settings)
        let fill = Subprocess.now()
        var batch: [HistoryEntry] = []
        for index in 0..<count {
            batch.append(
                HistoryEntry(
                    origin: .run, profile: "bench", environment: "local", endpoint: "e\(index % 50)",
                    request: PreparedRequest(url: "http://127.0.0.1/items/\(index)"), status: 200, reason: "OK",
                    httpVersion: "HTTP/1.1", responseHeaders: ["Content-Type": "application/json"],
                    bodyBytes: 24, bodyState: .inline, body: Data(#"{"id":\#(index),"ok":true}"#.utf8)))
            if batch.count == 5_000 {
                try store.record(contentsOf: batch)
                batch.removeAll()
            }
        }
        if !batch.isEmpty { try store.record(contentsOf: batch) }
        notes.append(
            "History of \(count) entries written in \(String(format: "%.1f s", Subprocess.now() - fill)) (batches of 5,000)."
        )
        var samples: [Double] = []
        for _ in 0..<max(5, options.runs) {
            let start = Subprocess.now()
            let opened = try HistoryStore(directory: directory, settings: settings)
            let entries = try opened.entries(limit: 500)
            let now = Date()
            let rows = entries.map { $0.columns(at: now) }
            precondition(rows.count == 500)
            samples.append(Subprocess.now() - start)
        }
        let stats = Stats(samples: samples)
        return BenchmarkRow(
            name: "open a history of \(count) entries: first screen (the 500 newest)",
            apix: BenchmarkFormat.milliseconds(stats), reference: "—", ratio: "—", target: "≤ 100 ms",
            met: stats.median <= 0.1)
    }
}
