import ExplorerCore

/// A profile made from another tool's file, with what the writer needs besides it.
public struct ProfileImport: Sendable {
    public var profile: Profile
    /// The profile's `auth:` mapping (in the auth section's format), when the source's auth maps to one.
    public var auth: ProfileEmitter.Value?
    /// Variables the auth needs, for a `ID.secrets.yaml` the user fills in.
    public var secretVariables: [String]
    /// Secret values the source held (a token, a password), written into the secrets file, never the profile.
    public var secretValues: [String: String]
    /// What could not be carried over, one line each.
    public var notes: [String]

    public init(
        profile: Profile, auth: ProfileEmitter.Value?, secretVariables: [String], secretValues: [String: String] = [:],
        notes: [String]
    ) {
        self.profile = profile
        self.auth = auth
        self.secretVariables = secretVariables
        self.secretValues = secretValues
        self.notes = notes
    }

    /// The profile file's text.
    public func yaml(source: String) -> String {
        ProfileEmitter.profile(
            profile, extra: auth.map { [ProfileEmitter.Entry("auth", $0)] } ?? [],
            header: "Imported by apix from \(source).")
    }

    /// The secrets file's text: every secret variable, with the value the source held or empty, to be filled in.
    public var secretsYAML: String? {
        guard !secretVariables.isEmpty else { return nil }
        return "# Secrets for the \(profile.id) profile: fill these in and keep this file out of version control.\n"
            + "variables:\n"
            + secretVariables.map { name in
                "  \(ProfileEmitter.quoted(name, asString: true)): "
                    + "\(ProfileEmitter.quoted(secretValues[name] ?? "", asString: true))\n"
            }.joined()
    }

    /// The line `apix import` prints after the file's path: endpoints, folders, environments, auth, notes.
    public var summary: String {
        let folders = Set(profile.endpoints.compactMap(\.folder)).count
        let kind: String
        if case .mapping(let entries)? = auth, let type = entries.first(where: { $0.key == "type" }),
            case .scalar(let text) = type.value
        {
            kind = text
        } else {
            kind = "none"
        }
        return "\(profile.endpoints.count) endpoints, \(folders) folders, \(profile.environments.count) "
            + "environments, auth: \(kind), \(notes.count) notes"
    }
}
