/// A one-line question in the status bar (file to save a body to, new row name).
package struct Prompt: Hashable, Sendable {
    package enum Purpose: Hashable, Sendable {
        case saveBody(exchange: Int)
        /// The WebSocket composer: Enter sends the text and keeps the composer open for the next message.
        case webSocketMessage(exchange: Int)
        /// A saved message's name to send (the title lists them).
        case savedMessage(exchange: Int)
        /// A URL or curl command line to send as a new endpoint of the selected profile.
        case oneOffRequest
        /// A key that opens a text field was refused (the title says why): the field takes what is typed next,
        /// so none of it runs as commands, and Enter or Esc closes it doing nothing.
        case refused
    }

    package var purpose: Purpose
    package var title: String
    package var field: LineEditor
    /// Esc was pressed with text typed: `y` lets it go, any other key goes on editing.
    package var asksDiscard = false

    package init(purpose: Purpose, title: String, text: String) {
        self.purpose = purpose
        self.title = title
        // A suggestion (a file name): selected, so a name typed replaces it and an arrow key edits it.
        self.field = LineEditor(text, selected: true)
    }
}
