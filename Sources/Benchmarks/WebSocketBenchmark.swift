import Foundation

/// Issue 28's rows: echo round trips a second through the whole `apix ws --jsonl` process against the same loop
/// through the `websockets` library's Python client (JSON lines read from stdin, sent, echoed, written to stdout as
/// JSON lines), both against the library's server (`Tests/Peers/websocket_server.py`, python3-websockets) on
/// loopback, runs interleaved; and apix's peak RSS (GNU time) while one 64 MiB message goes out and comes back.
struct WebSocketBenchmark {
    let options: BenchmarkOptions
    let apix: String
    let scratch: String

    static let peerScript = "Tests/Peers/websocket_server.py"
    static let python = "/usr/bin/python3"

    /// The reference client: the same loop as `apix ws --jsonl` (stdin JSON lines out, echoes out as JSON lines),
    /// sending while it receives, as apix does.
    static let pythonClient = """
        import asyncio, json, sys
        import websockets

        async def main(url, count):
            async with websockets.connect(url, max_size=None) as ws:
                async def send():
                    for line in sys.stdin:
                        await ws.send(json.loads(line)["data"])
                sender = asyncio.create_task(send())
                out = sys.stdout
                for _ in range(count):
                    message = await ws.recv()
                    out.write(json.dumps({"type": "text", "data": message}) + "\\n")
                await sender

        asyncio.run(main(sys.argv[1], int(sys.argv[2])))
        """

    func run() throws -> (rows: [BenchmarkRow], notes: [String]) {
        guard FileManager.default.fileExists(atPath: Self.peerScript),
            (try? Subprocess.run(Self.python, ["-c", "import websockets"]).status) == 0
        else {
            let missing = "not measured: needs \(Self.peerScript) (run from the repository) and python3-websockets"
            return (
                [
                    BenchmarkRow(
                        name: "WebSocket echo round trips (`apix ws --jsonl`)", apix: missing, reference: "—",
                        ratio: "—", target: "—", met: nil)
                ], []
            )
        }
        let peer = try Peer()
        defer { peer.stop() }
        let url = "ws://127.0.0.1:\(peer.port)/echo"
        return ([try echo(url: url), try largeMessage(url: url)], [Self.note])
    }

    static let note =
        "WebSocket rows: the server is the `websockets` library's (python3-websockets, `Tests/Peers/websocket_server.py`) "
        + "in its own process; each echo run is a whole process (start, handshake, N messages of 32 B sent while the "
        + "echoes come back, close), so the rate includes start-up. Both clients offer permessage-deflate (apix "
        + "compresses messages of 64 bytes and more: these are not). The 64 MiB message is one text line of "
        + "`apix ws` (no --jsonl), compressed by permessage-deflate on the way (it is repetitive)."

    private func echo(url: String) throws -> BenchmarkRow {
        let count = options.quick ? 200 : 20_000
        let payload = String(repeating: "x", count: 32)
        let input = scratch + "/ws-echo.jsonl"
        let line = #"{"type":"text","data":"\#(payload)"}"# + "\n"
        try String(repeating: line, count: count).write(toFile: input, atomically: true, encoding: .utf8)
        let client = scratch + "/ws_echo_client.py"
        try Self.pythonClient.write(toFile: client, atomically: true, encoding: .utf8)
        let apixArguments = ["ws", url, "--jsonl", "--max-messages", "\(count)", "--no-history"]
        let pythonArguments = [client, url, "\(count)"]
        // A warm-up of each, then interleaved runs.
        _ = try Subprocess.run(apix, apixArguments, stdin: input)
        _ = try Subprocess.run(Self.python, pythonArguments, stdin: input)
        var apixRates: [Double] = []
        var pythonRates: [Double] = []
        let output = scratch + "/ws-echo.out"
        for _ in 0..<options.runs {
            let ours = try Subprocess.run(apix, apixArguments, stdout: output, stdin: input)
            // The echoes and `--jsonl`'s last line, the close.
            guard ours.status == 0, Self.lines(output) == count + 1 else {
                throw BenchmarkError("apix ws echo exited \(ours.status) with \(Self.lines(output)) lines")
            }
            apixRates.append(Double(count) / ours.seconds)
            let theirs = try Subprocess.run(Self.python, pythonArguments, stdout: output, stdin: input)
            guard theirs.status == 0, Self.lines(output) == count else {
                throw BenchmarkError("the Python websockets client exited \(theirs.status)")
            }
            pythonRates.append(Double(count) / theirs.seconds)
        }
        let ours = Stats(samples: apixRates)
        let theirs = Stats(samples: pythonRates)
        func rate(_ stats: Stats) -> String {
            String(format: "%.0f msg/s [%.0f–%.0f]", stats.median, stats.min, stats.max)
        }
        return BenchmarkRow(
            name: "WebSocket echo, \(count) messages of 32 B, whole process (`apix ws --jsonl` vs Python websockets)",
            apix: rate(ours), reference: rate(theirs) + " (Python websockets)",
            ratio: BenchmarkFormat.ratio(ours.median / theirs.median), target: "—", met: nil)
    }

    private func largeMessage(url: String) throws -> BenchmarkRow {
        let size = options.quick ? 1 << 20 : 64 << 20
        let input = scratch + "/ws-large.txt"
        try (String(repeating: "a", count: size) + "\n").write(toFile: input, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: input) }
        let arguments = ["ws", url, "--max-messages", "1", "--no-history"]
        let runs = options.quick ? 1 : 3
        var peaks: [Double] = []
        for _ in 0..<runs {
            guard let peak = try Subprocess.peakRSS(apix, arguments, scratch: scratch, stdin: input) else {
                return BenchmarkRow(
                    name: "peak RSS of `apix ws` echoing one \(BenchmarkFormat.mib(size)) message",
                    apix: "not measured: no /usr/bin/time", reference: "—", ratio: "—", target: "—", met: nil)
            }
            peaks.append(Double(peak))
        }
        let stats = Stats(samples: peaks)
        return BenchmarkRow(
            name:
                "peak RSS of `apix ws` sending and receiving one \(BenchmarkFormat.mib(size)) text message (\(runs) runs)",
            apix: "\(BenchmarkFormat.mib(Int(stats.median))) [\(BenchmarkFormat.mib(Int(stats.min)))–"
                + "\(BenchmarkFormat.mib(Int(stats.max)))]",
            reference: "—", ratio: "—", target: "—", met: nil)
    }

    private static func lines(_ path: String) -> Int {
        guard let data = FileManager.default.contents(atPath: path) else { return 0 }
        return data.reduce(0) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }
    }

    /// The `websockets` server in its own process: the port on its first stdout line; it ends when its stdin closes.
    final class Peer {
        let process = Process()
        let port: Int
        private let input = Pipe()

        init() throws {
            process.executableURL = URL(fileURLWithPath: WebSocketBenchmark.python)
            process.arguments = [WebSocketBenchmark.peerScript]
            let output = Pipe()
            process.standardOutput = output
            process.standardError = FileHandle.nullDevice
            process.standardInput = input
            try process.run()
            var line = Data()
            while let byte = try output.fileHandleForReading.read(upToCount: 1), !byte.isEmpty,
                byte != Data("\n".utf8)
            {
                line.append(byte)
            }
            guard let port = Int(String(decoding: line, as: UTF8.self)) else {
                process.terminate()
                throw BenchmarkError("the websockets server did not start")
            }
            self.port = port
        }

        func stop() {
            try? input.fileHandleForWriting.close()
            process.waitUntilExit()
        }
    }
}
