/// `uses: { login: when_missing }`: an endpoint whose values this one needs, and when to send it first.
package struct EndpointUse: Sendable, Hashable {
    /// When the source endpoint is sent before this one.
    package enum Policy: Sendable, Hashable {
        /// Only when no value captured from it is held.
        case whenMissing
        /// When no value is held or the held ones are older than this many seconds.
        case whenExpired(seconds: Int)
        /// Every time.
        case always
    }

    /// The id of the endpoint the values come from.
    package var endpointID: String
    package var policy: Policy
    package var location: SourceLocation?

    package init(endpointID: String, policy: Policy, location: SourceLocation? = nil) {
        self.endpointID = endpointID
        self.policy = policy
        self.location = location
    }
}
