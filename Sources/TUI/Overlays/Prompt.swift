/// A one-line question in the status bar (file to save a body to, new row name).
public struct Prompt: Hashable, Sendable {
    public enum Purpose: Hashable, Sendable {
        case saveBody(exchange: Int)
        /// A URL or curl command line to send as a new endpoint of the selected profile.
        case oneOffRequest
    }

    public var purpose: Purpose
    public var title: String
    public var field: LineEditor

    public init(purpose: Purpose, title: String, text: String) {
        self.purpose = purpose
        self.title = title
        // A suggestion (a file name): selected, so a name typed replaces it and an arrow key edits it.
        self.field = LineEditor(text, selected: true)
    }
}
