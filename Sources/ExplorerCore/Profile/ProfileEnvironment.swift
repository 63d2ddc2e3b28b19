/// A named target for a profile's requests (`local`, `staging`): base URL, extra headers and variables.
public struct ProfileEnvironment: Sendable, Hashable {
    public var name: String
    public var baseURL: Template
    public var headers: [Parameter]
    public var variables: [String: Template]
    public var insecure: Bool?
    var caFile: String?
    /// `compressed:` for this environment (see `TransferSettings.compressed`).
    public var compressed: Bool?
    public var location: SourceLocation?
    /// `auth:` for this environment, replacing the profile's; `nil` inherits it.
    public var auth: AuthSpec?

    public init(
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
        TransferSettings(insecure: insecure, caFile: caFile, compressed: compressed)
    }
}
