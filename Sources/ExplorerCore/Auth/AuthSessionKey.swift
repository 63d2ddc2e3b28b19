/// Which tokens: one profile in one environment. Tokens, refreshers and token files are kept per key.
public struct AuthSessionKey: Sendable, Hashable, CustomStringConvertible {
    public var profile: String
    public var environment: String

    public init(profile: String, environment: String) {
        self.profile = profile
        self.environment = environment
    }

    /// `demo (local)`.
    public var description: String { "\(profile) (\(environment))" }
}
