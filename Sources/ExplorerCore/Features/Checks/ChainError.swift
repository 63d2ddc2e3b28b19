/// Why an endpoint cannot be sent yet: a value it uses is not held and its `uses:` does not say to fetch it.
package struct ChainError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The endpoint being sent.
    package var endpointID: String
    /// The endpoint the value comes from.
    package var sourceID: String
    /// The reference, `login.token`.
    package var reference: String

    package var description: String {
        "`\(endpointID)` uses {{\(reference)}}, but no value from `\(sourceID)` is held: send `\(sourceID)` first, "
            + "or add `uses: { \(sourceID): when_missing }` to `\(endpointID)`"
    }
}
