import ArgumentParser
import ExplorerCore
import ExplorerHistory
import Foundation

/// `apix _history-loop`: hidden, for the crash-safety test. Records exchanges into the history without end (bodies
/// alternately in the database and in body files), printing `recorded N` after each, until killed or `--count`.
struct HistoryLoopCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "_history-loop", abstract: "Record exchanges repeatedly (crash-safety tests).",
        shouldDisplay: false)

    @Option var count: Int = .max

    func run() async throws {
        let store = try HistoryCommand.store()
        var recorded = 0
        while recorded < count {
            let body = recorded % 2 == 0 ? #"{"n":\#(recorded)}"# : String(repeating: "x", count: 200_000)
            let entry = HistoryEntry(
                origin: .run, profile: "loop", environment: "local", endpoint: "e\(recorded % 7)",
                request: PreparedRequest(url: "http://127.0.0.1/loop/\(recorded)"), status: 200, reason: "OK",
                httpVersion: "HTTP/1.1", bodyBytes: Int64(body.utf8.count), bodyState: .inline, body: Data(body.utf8))
            do {
                try store.record(entry)
            } catch {
                throw CLIFailure(.history, error.description)
            }
            recorded += 1
            StandardOutput.write("recorded \(recorded)\n")
        }
    }
}
