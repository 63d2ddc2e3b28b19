/// Why the history could not be read or written, worded for a message line.
package struct HistoryStoreError: Error, Sendable, Equatable, CustomStringConvertible {
    package var description: String

    init(_ description: String) {
        self.description = description
    }
}
