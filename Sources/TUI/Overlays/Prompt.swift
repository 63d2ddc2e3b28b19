/// A one-line question in the status bar (file to save a body to, new row name).
package struct Prompt: Hashable, Sendable {
    package enum Purpose: Hashable, Sendable {
        case saveBody(exchange: Int)
        /// A URL or curl command line to send as a new endpoint of the selected profile.
        case oneOffRequest
    }

    package var purpose: Purpose
    package var title: String
    package var field: LineEditor

    package init(purpose: Purpose, title: String, text: String) {
        self.purpose = purpose
        self.title = title
        // A suggestion (a file name): selected, so a name typed replaces it and an arrow key edits it.
        self.field = LineEditor(text, selected: true)
    }
}
