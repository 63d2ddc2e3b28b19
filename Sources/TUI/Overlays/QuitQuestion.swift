import ExplorerCore

/// What quitting now would lose, asked before quitting: edits not saved to a profile and transfers still running.
/// Nothing to lose, no question.
package struct QuitQuestion: Hashable, Sendable {
    /// Endpoints with unsaved edits, as `profile/endpoint`.
    package var unsavedEndpoints: [String]
    package var runningTransfers: Int

    package init(unsavedEndpoints: [String], runningTransfers: Int) {
        self.unsavedEndpoints = unsavedEndpoints
        self.runningTransfers = runningTransfers
    }

    package var losesNothing: Bool { unsavedEndpoints.isEmpty && runningTransfers == 0 }

    /// `quit? unsaved edits to demo/todos.get will be lost (s saves them) and 1 running transfer cancelled`.
    package var text: String {
        var losses: [String] = []
        if !unsavedEndpoints.isEmpty {
            let names =
                unsavedEndpoints.count <= 2
                ? unsavedEndpoints.joined(separator: ", ") : "\(unsavedEndpoints.count) endpoints"
            losses.append("unsaved edits to \(names) will be lost (s saves them)")
        }
        if runningTransfers > 0 {
            losses.append(Units.count(runningTransfers, "running transfer") + " cancelled")
        }
        return "quit? " + losses.joined(separator: " and ")
    }
}
