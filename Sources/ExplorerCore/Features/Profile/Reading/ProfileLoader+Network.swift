import Foundation

/// The network keys every level may set (`http_version`, `proxy`, `no_proxy`, `cert_file`, `key_file`,
/// `key_password`, `cookies`) and `env_file`, which the profile and its environments may set.
extension ProfileLoader {
    static func readNetwork(_ fields: YAMLFields, into settings: inout TransferSettings, reader: inout YAMLReader) {
        if let node = fields["max_body_ratio"] {
            settings.maxBodyRatio = reader.integer(node, "max_body_ratio").map { Int64($0) }
        }
        if let node = fields["http_version"], let text = reader.string(node, "http_version") {
            if let value = HTTPVersionChoice(rawValue: text) {
                settings.httpVersion = value
            } else {
                reader.fail("`http_version` must be 1.1, 2 or 2-prior-knowledge, got \"\(text)\"", at: node)
            }
        }
        if let node = fields["proxy"], let proxy = reader.template(node, "proxy") {
            if proxy.raw != ProxyRoute.none, proxy.variableNames.isEmpty, !ProxyRoute.isProxyURL(proxy.raw) {
                reader.fail(
                    "`proxy` must be an http://, https://, socks5:// or socks5h:// URL, or none, got \"\(proxy.raw)\"",
                    at: node)
            } else {
                settings.proxy = proxy
            }
        }
        if let node = fields["no_proxy"] { settings.noProxy = reader.string(node, "no_proxy") }
        if let node = fields["cert_file"] { settings.certFile = reader.string(node, "cert_file") }
        if let node = fields["key_file"] { settings.keyFile = reader.string(node, "key_file") }
        if let node = fields["key_password"] { settings.keyPassword = reader.template(node, "key_password") }
        if let node = fields["cookies"] { settings.cookies = reader.bool(node, "cookies") }
    }

    static func readEnvFile(_ fields: YAMLFields, reader: inout YAMLReader) -> DotEnv.Reference? {
        guard let node = fields["env_file"], let path = reader.string(node, "env_file") else { return nil }
        return DotEnv.Reference(path: path, location: reader.location(node))
    }

    /// Merges the profile's and each environment's dotenv file: their names become secret variables of that level
    /// (over what the profile file defines, as the secrets file's do). Relative paths start at the profile's
    /// directory, `~/` at the home directory.
    static func mergeEnvFiles(into profile: inout Profile) -> [ProfileProblem] {
        var problems: [ProfileProblem] = []
        func read(_ reference: DotEnv.Reference) -> [String: Template] {
            switch DotEnv.load(reference.path, relativeTo: profile.directory) {
            case .success(let entries):
                var variables: [String: Template] = [:]
                for entry in entries { variables[entry.key] = Template(entry.value) }
                profile.secretNames.formUnion(variables.keys)
                return variables
            case .failure(let problem):
                problems.append(ProfileProblem("env_file: \(problem.message)", at: reference.location))
                return [:]
            }
        }
        if let reference = profile.envFile {
            let variables = read(reference)
            profile.variables.merge(variables) { _, loaded in loaded }
            profile.variableLayers.add(.envFile(reference.path), environment: nil, variables)
        }
        for index in profile.environments.indices {
            guard let reference = profile.environments[index].envFile else { continue }
            let variables = read(reference)
            profile.environments[index].variables.merge(variables) { _, loaded in loaded }
            profile.variableLayers.add(
                .envFile(reference.path), environment: profile.environments[index].name, variables)
        }
        return problems
    }
}
