/// A message in the status bar until the next key.
public struct StatusMessage: Hashable, Sendable {
    public var text: String
    var isError: Bool

    public init(_ text: String, isError: Bool = false) {
        self.text = text
        self.isError = isError
    }
}
