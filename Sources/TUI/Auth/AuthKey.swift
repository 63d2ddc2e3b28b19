/// Names the token store of one profile in one environment.
public struct AuthKey: Hashable, Sendable {
    public var profile: String
    public var environment: String

    public init(profile: String, environment: String) {
        self.profile = profile
        self.environment = environment
    }
}
