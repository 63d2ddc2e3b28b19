/// Why the history could not be read or written, worded for a message line.
public struct HistoryStoreError: Error, Sendable, Equatable, CustomStringConvertible {
    public var description: String

    init(_ description: String) {
        self.description = description
    }
}
