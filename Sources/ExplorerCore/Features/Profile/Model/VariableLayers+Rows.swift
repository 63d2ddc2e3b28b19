/// The environment view's rows, decided here so any front end lists variables the same way: every name in scope
/// for an environment, the value that wins and where it comes from, the places it overrides, and whether it is a
/// secret (masked until revealed).
extension VariableLayers {
    /// One variable as the environment view lists it.
    package struct Row: Sendable, Equatable {
        package var name: String
        /// The value that wins (as written: it may use other variables).
        package var value: String
        package var isSecret: Bool
        /// Where the winning value is defined: nil for the session's (`--var`, `apix demo`'s `port`).
        package var winner: Place?
        /// The other places that define it, the next one to win first.
        package var overridden: [Place?]

        /// The value as shown: `••••` for a secret not revealed, else the value made safe for a terminal.
        package func shownValue(revealed: Bool) -> String {
            isSecret && !revealed ? VariableScope.mask : SafeText.escape(value)
        }

        /// Where the value comes from, in words.
        package var source: String { Self.label(winner) }

        /// The places it overrides, in words (`over profile, secrets file`), or empty.
        package var overrides: String {
            overridden.isEmpty ? "" : "over " + overridden.map(Self.label).joined(separator: ", ")
        }

        static func label(_ place: Place?) -> String { place?.label ?? "--var" }
    }

    /// The variables in scope in `environment`, sorted by name; `session` (the user's `--var`s) wins over all.
    package func rows(environment: String, session: [String: String], secretNames: Set<String>) -> [Row] {
        var definitions: [String: [(Place?, String)]] = [:]
        for layer in scope(for: environment) {
            for (name, template) in layer.variables {
                definitions[name, default: []].append((layer.place, template.raw))
            }
        }
        for (name, value) in session { definitions[name, default: []].append((nil, value)) }
        return definitions.keys.sorted().compactMap { name in
            guard let all = definitions[name], let last = all.last else { return nil }
            let secret =
                secretNames.contains(name) || all.contains { place, _ in place?.origin.isSecret ?? false }
            return Row(
                name: name, value: last.1, isSecret: secret, winner: last.0,
                overridden: all.dropLast().reversed().map { $0.0 })
        }
    }
}

extension VariableLayers.Place {
    /// The place in words: `profile`, `environment local`, `secrets file`, `secrets file · local`,
    /// `env_file .env · local`, `.env.staging (chosen)`.
    package var label: String {
        let level = environment.map { " · \($0)" } ?? ""
        switch origin {
        case .profileFile: return environment.map { "environment \($0)" } ?? "profile"
        case .secretsFile: return "secrets file" + level
        case .envFile(let path): return "env_file \(path)" + level
        case .addedEnvFile(let path): return path == "--env-file" ? path : "\(path) (chosen)"
        }
    }
}
