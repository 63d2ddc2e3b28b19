import ExplorerCore
import Foundation

/// The key map in effect (`keys.yaml`), chosen once at start.
extension AppState {
    /// Uses `map`; with problems (the file did not read, so `map` is the defaults), says so on the status bar and
    /// lists them with the profiles' problems (`p`).
    package mutating func useKeyMap(_ map: KeyMap, problems: [ProfileProblem]) {
        keyMap = map
        keyMapProblems = problems
        guard let first = problems.first else { return }
        // What matters first (the bar may cut the rest): the defaults are in use, and where the first problem is.
        let file = (first.location.file as NSString).lastPathComponent
        let more = problems.count > 1 ? " (+\(problems.count - 1) more)" : ""
        message = StatusMessage(
            "\(file): default keys in use (p lists why): \(first.location.line):\(first.location.column): "
                + first.message + more, isError: true)
        scrollListToSelection()  // the problems panel takes rows from the list
    }
}
