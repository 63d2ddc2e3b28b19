/// Names one endpoint of one profile: the key for drafts, transfers and results.
public struct EndpointKey: Hashable, Sendable, CustomStringConvertible {
    public var profile: String
    public var endpoint: String

    public init(profile: String, endpoint: String) {
        self.profile = profile
        self.endpoint = endpoint
    }

    public var description: String { "\(profile)/\(endpoint)" }
}

/// Names the token store of one profile in one environment.
public struct AuthKey: Hashable, Sendable {
    public var profile: String
    public var environment: String

    public init(profile: String, environment: String) {
        self.profile = profile
        self.environment = environment
    }
}
