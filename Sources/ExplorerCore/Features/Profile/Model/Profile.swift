/// A saved collection of endpoints with the environments they run against. Loaded from `profiles/ID.yaml`.
public struct Profile: Sendable, Hashable, Identifiable {
    /// The file name without `.yaml`.
    public var id: String
    public var name: String
    public var description: String?
    /// The YAML file it came from (empty for profiles built in code).
    public var file: String
    public var defaultEnvironment: String?
    public var environments: [ProfileEnvironment]
    package var variables: [String: Template]
    /// Names whose values are secret (from `ID.secrets.yaml`): masked wherever apix shows them.
    package var secretNames: Set<String>
    package var headers: [Parameter]
    package var transfer: TransferSettings
    public var endpoints: [Endpoint]
    /// `auth:` for every endpoint (an environment's own `auth` wins; an endpoint may opt out).
    package var auth: AuthSpec?
    /// `auths:` named definitions an endpoint may use (`auth: admin`); an environment's of the same name win.
    package var auths: [String: AuthSpec] = [:]
    /// `history: false`: exchanges with this profile are not recorded in the history.
    package var recordsHistory = true
    /// `env_file:` a dotenv file whose lines become secret variables of the profile.
    var envFile: DotEnv.Reference?
    /// Where each variable came from, layer by layer (the loader records them; the explorer edits them).
    package var variableLayers = VariableLayers()
    /// The values of variables written `{ command: […] }`, by command (run when the profile loaded:
    /// `ProfileLoader.runSecretCommands`); kept in memory only.
    package var commandValues: [[String]: String] = [:]
    /// `schemas:`, `ID.schemas.json`, `schema_dialect:` and `format_assertion:`: what `responses:` names.
    package var schemas = ProfileSchemas()

    package init(
        id: String, name: String? = nil, description: String? = nil, file: String = "",
        defaultEnvironment: String? = nil, environments: [ProfileEnvironment], variables: [String: Template] = [:],
        secretNames: Set<String> = [], headers: [Parameter] = [], transfer: TransferSettings = TransferSettings(),
        endpoints: [Endpoint] = [], auth: AuthSpec? = nil
    ) {
        self.id = id
        self.name = name ?? id
        self.description = description
        self.file = file
        self.defaultEnvironment = defaultEnvironment
        self.environments = environments
        self.variables = variables
        self.secretNames = secretNames
        self.headers = headers
        self.transfer = transfer
        self.endpoints = endpoints
        self.auth = auth
    }

    /// The directory `@path` references are relative to.
    package var directory: String {
        guard let slash = file.lastIndex(of: "/") else { return "." }
        return String(file[..<slash])
    }

    public func endpoint(_ id: String) -> Endpoint? {
        endpoints.first { $0.id == id }
    }

    /// The named environment, or the default one (or the first) when `name` is nil.
    public func environment(_ name: String?) throws(RequestBuildError) -> ProfileEnvironment {
        let wanted = name ?? defaultEnvironment
        if let wanted {
            guard let match = environments.first(where: { $0.name == wanted }) else {
                throw RequestBuildError(.unknownEnvironment(wanted, known: environments.map(\.name)))
            }
            return match
        }
        guard let first = environments.first else {
            throw RequestBuildError(.unknownEnvironment("(none)", known: []))
        }
        return first
    }
}
