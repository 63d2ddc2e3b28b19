/// One profile in one environment, and the named auth definition (`auths:`) when an endpoint uses one: the key
/// tokens, refreshers and token files are kept under, and without a definition (`unnamed`) the key of captured
/// values and cookie jars.
public struct ProfileEnvironmentKey: Sendable, Hashable, CustomStringConvertible {
    public var profile: String
    public var environment: String
    /// The `auths:` definition an endpoint names (`auth: admin`); `nil` for the profile's (or environment's)
    /// `auth:`, whose tokens keep the key they always had.
    public var definition: String?

    public init(profile: String, environment: String, definition: String? = nil) {
        self.profile = profile
        self.environment = environment
        self.definition = definition
    }

    /// `demo (local)`, or `demo (local, admin)` for a named definition.
    public var description: String {
        definition.map { "\(profile) (\(environment), \($0))" } ?? "\(profile) (\(environment))"
    }

    /// The same profile and environment without a definition: where captured values are kept.
    package var unnamed: ProfileEnvironmentKey {
        ProfileEnvironmentKey(profile: profile, environment: environment)
    }
}
