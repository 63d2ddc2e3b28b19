/// A message in the status bar until the next key.
package struct StatusMessage: Hashable, Sendable {
    package var text: String
    var isError: Bool

    package init(_ text: String, isError: Bool = false) {
        self.text = text
        self.isError = isError
    }
}
