import ArgumentParser
import ExplorerCore
import ExplorerHistory
import Foundation

/// `apix diff ID1 ID2`: what changed from one recorded exchange to another (`HistoryDiff`).
///
/// Exit statuses: 0 when they are the same, 1 when they differ (as `diff`), 2 for usage errors, 5 when the history
/// cannot be read.
struct DiffCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "diff", abstract: "Compare two recorded exchanges: status, headers by name, body.")

    @Argument(help: "The older entry's id.") var old: String
    @Argument(help: "The newer entry's id.") var new: String
    @Flag(help: "Print one JSON object describing the differences.") var json = false

    func run() async throws {
        let store = try HistoryCommand.store()
        let diff = HistoryDiff(
            old: try HistoryCommand.entry(old, in: store), new: try HistoryCommand.entry(new, in: store))
        if json {
            StandardOutput.write(HistoryDocument.diff(diff).serialized() + "\n")
        } else {
            StandardOutput.write(Self.lines(diff).joined(separator: "\n") + "\n")
        }
        if !diff.isEmpty { throw ExitCode(1) }
    }

    /// The text form, the explorer's diff view's lines.
    static func lines(_ diff: HistoryDiff) -> [String] {
        diff.lines
    }
}
