import ExplorerCore

/// A profile made from an OpenAPI document, with what the writer needs besides it.
public struct OpenAPIImport: Sendable {
    public var profile: Profile
    /// The profile's `auth:` mapping (in the auth section's format), when a security scheme maps to one.
    public var auth: ProfileEmitter.Value?
    /// Variables the auth needs, for a `ID.secrets.yaml` the user fills in.
    public var secretVariables: [String]
    /// What could not be carried over, one line each.
    public var notes: [String]

    /// The profile file's text.
    public func yaml(source: String) -> String {
        ProfileEmitter.profile(
            profile, extra: auth.map { [ProfileEmitter.Entry("auth", $0)] } ?? [],
            header: "Imported by apix from \(source).")
    }

    /// The secrets file's text: every secret variable, empty, to be filled in.
    public var secretsYAML: String? {
        guard !secretVariables.isEmpty else { return nil }
        return "# Secrets for the \(profile.id) profile: fill these in and keep this file out of version control.\n"
            + "variables:\n" + secretVariables.map { "  \($0): \"\"\n" }.joined()
    }
}
