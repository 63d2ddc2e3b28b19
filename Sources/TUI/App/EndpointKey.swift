/// Names one endpoint of one profile: the key for drafts, exchanges and results.
public struct EndpointKey: Hashable, Sendable, CustomStringConvertible {
    public var profile: String
    public var endpoint: String

    public init(profile: String, endpoint: String) {
        self.profile = profile
        self.endpoint = endpoint
    }

    public var description: String { "\(profile)/\(endpoint)" }
}
