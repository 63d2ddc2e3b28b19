import Foundation
import TestSupport
import Testing

@testable import ExplorerHistory

/// Writers killed with SIGKILL while recording lose at most the record being written, never the database.
@Suite("The history survives writers killed mid-record")
struct HistoryCrashTests {
    @Test("three writers killed over and over: the database checks ok and holds every record they reported")
    func killedWriters() async throws {
        let state = try TemporaryDirectory()
        let path = state.path
        var generator = SystemRandomNumberGenerator()
        var reported = 0
        for _ in 0..<12 {
            let delays = (0..<3).map { _ in UInt32.random(in: 0...30_000, using: &generator) }
            reported += try await withThrowingTaskGroup(of: Int.self) { group in
                for delay in delays {
                    group.addTask { try await Self.runAndKill(state: path, afterMicroseconds: delay) }
                }
                return try await group.reduce(0, +)
            }
        }
        let store = try HistoryStore(directory: state.path + "/apix")
        #expect(try store.integrityCheck() == "ok")
        let count = try store.count()
        // Each reported record was committed; at most one more per kill may have been committed unreported.
        #expect(count >= reported && count <= reported + 36, "\(count) records, \(reported) reported")
        for entry in try store.entries(limit: 40) {
            let whole = try #require(try store.entry(id: entry.id))
            #expect(whole.body != nil, "the body of \(entry.id) (\(whole.bodyState)) is lost")
        }
    }

    /// Starts a writer, kills it a random delay after its first record, and returns how many it reported.
    static func runAndKill(state: String, afterMicroseconds delay: UInt32) async throws -> Int {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: ApixProcess.loops)
        process.arguments = ["history-loop"]
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_STATE_HOME"] = state
        process.environment = environment
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let output = await withCheckedContinuation { (continuation: CheckedContinuation<Data, Never>) in
            Thread {
                var data = Data()
                let deadline = Date().addingTimeInterval(30)
                while !data.contains(UInt8(ascii: "\n")), Date() < deadline,
                    let chunk = try? out.fileHandleForReading.read(upToCount: 1), !chunk.isEmpty
                {
                    data.append(chunk)
                }
                usleep(delay)
                kill(process.processIdentifier, SIGKILL)
                data.append(out.fileHandleForReading.readDataToEndOfFile())
                process.waitUntilExit()
                continuation.resume(returning: data)
            }.start()
        }
        return String(decoding: output, as: UTF8.self).split(separator: "\n").filter { $0.hasPrefix("recorded") }
            .count
    }
}
