import ExplorerCore
import ExplorerHistory
import Foundation

// `apix-test-loops`: the crash-safety tests' child processes, kept out of the shipped `apix`. Each loop writes
// until it is killed (or `--count N`), printing a line after every write it has committed:
//
//   apix-test-loops save-loop PROFILE ENDPOINT --profiles DIR [--count N]   (`ProfileWriter.save`: `saved N`)
//   apix-test-loops history-loop [--count N]   (`HistoryStore.record` in $XDG_STATE_HOME: `recorded N`)

var arguments = Array(CommandLine.arguments.dropFirst())

/// Removes `--name VALUE` from the arguments and returns the value.
@MainActor func option(_ name: String) -> String? {
    guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count else { return nil }
    let value = arguments[index + 1]
    arguments.removeSubrange(index...index + 1)
    return value
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("apix-test-loops: \(message)\n".utf8))
    exit(2)
}

func say(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

var count = Int.max
if let text = option("--count") {
    guard let number = Int(text) else { fail("--count takes a number") }
    count = number
}
let profiles = option("--profiles")

switch arguments.first {
case "save-loop":
    // Saves two versions of one endpoint alternately (different sizes, so a torn write would show).
    guard arguments.count == 3, let directory = profiles else { fail("save-loop PROFILE ENDPOINT --profiles DIR") }
    let catalog = ProfileLoader.load(directory: directory)
    guard let profile = catalog.profile(arguments[1]) else { fail("no profile \(arguments[1])") }
    guard let original = profile.endpoint(arguments[2]) else { fail("no endpoint \(arguments[2])") }
    var saved = 0
    while saved < count {
        var edited = original
        edited.description = saved % 2 == 0 ? "version A" : "version B"
        edited.query =
            saved % 2 == 0
            ? [Parameter("v", "a")]
            : (0..<40).map { Parameter("b\($0)", Template(String(repeating: "x", count: 50))) }
        do {
            try ProfileWriter.save(endpoint: edited, in: profile)
        } catch {
            fail(error.message)
        }
        saved += 1
        say("saved \(saved)")
    }
case "history-loop":
    // Records exchanges, bodies alternately in the database and in body files.
    let store: HistoryStore
    do {
        store = try HistoryRecorder().opened()
    } catch {
        fail(error.description)
    }
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
            fail(error.description)
        }
        recorded += 1
        say("recorded \(recorded)")
    }
default:
    fail("usage: apix-test-loops save-loop|history-loop …")
}
