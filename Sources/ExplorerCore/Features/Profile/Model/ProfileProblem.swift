/// Something wrong in a profile file, located precisely enough to jump to it.
public struct ProfileProblem: Error, Sendable, Hashable, CustomStringConvertible {
    public var location: SourceLocation
    public var message: String

    package init(_ message: String, at location: SourceLocation) {
        self.message = message
        self.location = location
    }

    /// `file:line:col: message`.
    public var description: String { "\(location): \(message)" }
}
