import ExplorerCore

/// A profile made from another tool's file, with what the writer needs besides it.
package struct ProfileImport: Sendable {
    package var profile: Profile
    /// The profile's `auth:` mapping (in the auth section's format), when the source's auth maps to one.
    package var auth: ProfileEmitter.Value?
    /// Variables the auth needs, for a `ID.secrets.yaml` the user fills in.
    package var secretVariables: [String]
    /// Secret values the source held (a token, a password), written into the secrets file, never the profile.
    package var secretValues: [String: String]
    /// Secret values each environment held (environment name → variable → value), written under that
    /// environment in the secrets file, so environments' values of one name stay apart.
    package var environmentSecrets: [String: [String: String]]
    /// What could not be carried over, one line each.
    package var notes: [String]
    /// Schemas by name for the side file `ID.schemas.json` (what `responses:` names); empty: none is written.
    package var sideSchemas = JSONObject()

    package init(
        profile: Profile, auth: ProfileEmitter.Value?, secretVariables: [String], secretValues: [String: String] = [:],
        environmentSecrets: [String: [String: String]] = [:], notes: [String]
    ) {
        self.profile = profile
        self.auth = auth
        self.secretVariables = secretVariables
        self.secretValues = secretValues
        self.environmentSecrets = environmentSecrets
        self.notes = notes
    }

    /// The profile file's text: `auth:`, then the named `auths:` definitions endpoints use.
    package func yaml(source: String) -> String {
        var bare = profile
        bare.auths = [:]
        var extra = auth.map { [ProfileEmitter.Entry("auth", $0)] } ?? []
        if !profile.auths.isEmpty {
            let definitions = profile.auths.sorted { $0.key < $1.key }.map {
                ProfileEmitter.Entry($0.key, ProfileEmitter.auth($0.value))
            }
            extra.append(ProfileEmitter.Entry("auths", .mapping(definitions)))
        }
        return ProfileEmitter.profile(bare, extra: extra, header: "Imported by apix from \(source).")
    }

    /// The secrets file's text: every secret variable, with the value the source held or empty, to be filled in;
    /// then each environment's own values under `environments:`.
    package var secretsYAML: String? {
        guard !secretVariables.isEmpty else { return nil }
        var text =
            "# Secrets for the \(profile.id) profile: fill these in and keep this file out of version control.\n"
            + "variables:\n"
            + secretVariables.map { name in
                "  \(ProfileEmitter.quoted(name, asString: true)): "
                    + "\(ProfileEmitter.quoted(secretValues[name] ?? "", asString: true))\n"
            }.joined()
        let environments = environmentSecretEntries
        if !environments.isEmpty {
            text += "environments:\n"
            for environment in environments {
                text += "  \(ProfileEmitter.quoted(environment.name, asString: true)):\n    variables:\n"
                for (name, value) in environment.values {
                    text +=
                        "      \(ProfileEmitter.quoted(name, asString: true)): "
                        + "\(ProfileEmitter.quoted(value, asString: true))\n"
                }
            }
        }
        return text
    }

    /// The secrets file's top-level entries (`variables`, `environments`), for merging into an existing one.
    package var secretEntries: [ProfileEmitter.Entry] {
        guard !secretVariables.isEmpty else { return [] }
        let variables = secretVariables.map { ProfileEmitter.Entry($0, .string(secretValues[$0] ?? "")) }
        let environments = environmentSecretEntries.map { environment in
            ProfileEmitter.Entry(
                environment.name,
                .mapping([.init("variables", .mapping(environment.values.map { .init($0.0, .string($0.1)) }))]))
        }
        return [.init("variables", .mapping(variables)), .init("environments", .mapping(environments))]
    }

    /// Each environment's secret values, in the profile's environment order, names in the secret variables' order.
    private var environmentSecretEntries: [(name: String, values: [(String, String)])] {
        profile.environments.compactMap { environment in
            guard let values = environmentSecrets[environment.name], !values.isEmpty else { return nil }
            let names =
                secretVariables.filter { values[$0] != nil }
                + values.keys.filter { !secretVariables.contains($0) }.sorted()
            return (environment.name, names.map { ($0, values[$0] ?? "") })
        }
    }

    /// The line `apix import` prints after the file's path: endpoints, folders, environments, auth, notes.
    package var summary: String {
        let folders = Set(profile.endpoints.compactMap(\.folder)).count
        let kind: String
        if case .mapping(let entries)? = auth, let type = entries.first(where: { $0.key == "type" }),
            case .scalar(let text) = type.value
        {
            kind = text
        } else {
            kind = "none"
        }
        // Named definitions the endpoints use (a folder's or request's auth) are said too: `auth: none` alone read as
        // if nothing was carried over.
        let named = profile.auths.isEmpty ? "" : ", auths: " + profile.auths.keys.sorted().joined(separator: ", ")
        return "\(Units.count(profile.endpoints.count, "endpoint")), \(Units.count(folders, "folder")), "
            + "\(Units.count(profile.environments.count, "environment")), auth: \(kind)\(named), "
            + Units.count(notes.count, "note")
    }
}
