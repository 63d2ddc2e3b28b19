/// Why an endpoint cannot be sent yet: a value it uses is not held and its `uses:` does not say to fetch it.
public struct ChainError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The endpoint being sent.
    public var endpointID: String
    /// The endpoint the value comes from.
    public var sourceID: String
    /// The reference, `login.token`.
    public var reference: String

    public var description: String {
        "`\(endpointID)` uses {{\(reference)}}, but no value from `\(sourceID)` is held: send `\(sourceID)` first, "
            + "or add `uses: { \(sourceID): when_missing }` to `\(endpointID)`"
    }
}
