/// Why a JSONPath query was rejected, with the column (1-based, in Unicode scalars) where reading stopped.
public struct JSONPathError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong, in plain words.
    public let message: String
    /// The 1-based column of the offending character in the query.
    public let column: Int

    init(_ message: String, at offset: Int) {
        self.message = message
        self.column = offset + 1
    }

    public var description: String {
        "invalid JSONPath at column \(column): \(message)"
    }
}
