/// Names one endpoint of one profile: the key for drafts, exchanges and results.
package struct EndpointKey: Hashable, Sendable, CustomStringConvertible {
    package var profile: String
    package var endpoint: String

    package init(profile: String, endpoint: String) {
        self.profile = profile
        self.endpoint = endpoint
    }

    package var description: String { "\(profile)/\(endpoint)" }
}
