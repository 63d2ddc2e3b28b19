/// A named target for a profile's requests (`local`, `staging`): base URL, extra headers and variables.
public struct ProfileEnvironment: Sendable, Hashable {
    public var name: String
    package var baseURL: Template
    package var headers: [Parameter]
    package var variables: [String: Template]
    package var insecure: Bool?
    var caFile: String?
    /// `compressed:` for this environment (see `TransferSettings.compressed`).
    package var compressed: Bool?
    package var location: SourceLocation?
    /// `auth:` for this environment, replacing the profile's; `nil` inherits it.
    package var auth: AuthSpec?
    /// `auths:` named definitions for this environment, replacing the profile's of the same name.
    package var auths: [String: AuthSpec] = [:]
    /// Network settings an environment may set (`http_version`, `proxy`, `no_proxy`, `cert_file`, `key_file`,
    /// `key_password`, `cookies`), layered like the other transfer settings.
    var network = TransferSettings()
    /// `env_file:` a dotenv file whose lines become this environment's secret variables.
    var envFile: DotEnv.Reference?

    package init(
        name: String, baseURL: Template, headers: [Parameter] = [], variables: [String: Template] = [:],
        insecure: Bool? = nil, caFile: String? = nil, location: SourceLocation? = nil,
        auth: AuthSpec? = nil, compressed: Bool? = nil
    ) {
        self.name = name
        self.baseURL = baseURL
        self.headers = headers
        self.variables = variables
        self.insecure = insecure
        self.caFile = caFile
        self.location = location
        self.auth = auth
        self.compressed = compressed
    }
}

extension ProfileEnvironment {
    /// The transfer settings an environment may set, to layer over the profile's.
    var transferSettings: TransferSettings {
        var settings = network
        settings.insecure = insecure
        settings.caFile = caFile
        settings.compressed = compressed
        return settings
    }
}
