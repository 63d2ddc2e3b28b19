import ArgumentParser
import ExplorerCore
import Foundation

/// `apix export …`: turns profile endpoints into other tools' formats.
struct ExportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export", abstract: "Export an endpoint to another tool.", subcommands: [ExportCurlCommand.self])
}

/// `apix export curl PROFILE ENDPOINT`: prints a curl command that sends exactly what apix would send, its
/// credentials included. Secrets become `${NAME}` references to shell variables unless `--reveal`.
struct ExportCurlCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "curl", abstract: "Print a curl command that sends what apix would send.")

    @Argument(help: "Profile id.") var profile: String
    @Argument(help: "Endpoint id.") var endpoint: String
    @OptionGroup var request: RequestOptions
    @Flag(help: "Put secret values (and a stored OAuth2 token) in the command instead of ${NAME} references.")
    var reveal = false
    @OptionGroup var profileOptions: ProfileOptions

    /// The shell variable an OAuth2 access token is read from when it is not revealed.
    static let accessTokenVariable = "env.ACCESS_TOKEN"

    func run() async throws {
        let overrides = try request.overrides()
        let loaded = try profileOptions.profile(profile)
        var prepared: PreparedRequest
        var basic: (username: String, password: String)?
        do {
            var builder = try RequestBuilder(profile: loaded, environment: request.environment)
            let endpointValue = builder.profile.endpoint(endpoint)
            // Variables the credentials use are secret here even when no secrets file says so.
            builder.profile.secretNames.formUnion(builder.secretVariableNames(for: endpointValue))
            builder.maskStyle = .marker
            prepared = try builder.request(endpoint: endpoint, overrides: overrides, masking: !reveal)
            let scope = try builder.scope(overrides: overrides.variables, masking: !reveal)
            switch builder.authSpec(for: endpointValue) {
            case .bearer(let token)?:
                prepared = CredentialPlacement.authorization("Bearer " + (try token.render(scope, masking: !reveal)))
                    .apply(to: prepared)
            case .basic(let username, let password)?:
                basic = (try username.render(scope, masking: !reveal), try password.render(scope, masking: !reveal))
            case .apiKey(let name, let value, let location)?:
                let key = try name.render(scope)
                let placement = CredentialPlacement(
                    location == .header ? .header(key) : .query(key), try value.render(scope, masking: !reveal))
                prepared = placement.apply(to: prepared)
            case .oauth2?:
                let token = reveal ? await storedToken(builder, endpointValue, overrides) : nil
                if reveal, token == nil {
                    StandardError.writeLine(
                        "apix: no valid token stored for \(profile): run `apix auth login \(profile)` first")
                }
                let value = token ?? "Bearer " + SecretMarker.marker(for: Self.accessTokenVariable)
                prepared = CredentialPlacement.authorization(value).apply(to: prepared)
            case .none?, nil:
                break
            }
        } catch {
            throw CLIFailure(.profile, error.message)
        }
        StandardOutput.write(CurlCommand.render(prepared, basicAuth: basic) + "\n")
        // `-u` is written only when the request has no Authorization header of its own (see `CurlCommand.render`).
        let usedBasic = prepared.headers.contains("Authorization") ? nil : basic
        let variables = CurlCommand.shellVariables(in: prepared)
            + (usedBasic.map { SecretMarker.split($0.username + $0.password) } ?? []).compactMap {
                if case .secret(let name) = $0 { SecretMarker.shellName(for: name) } else { nil }
            }
        guard !variables.isEmpty else { return }
        var unique: [String] = []
        for name in variables where !unique.contains(name) { unique.append(name) }
        StandardError.writeLine(
            "apix: the command reads " + unique.map { "$\($0)" }.joined(separator: ", ")
                + " from the environment (or use --reveal)")
        if CurlCommand.secretsInEscapedContext(prepared) {
            StandardError.writeLine(
                "apix: secrets in the URL or body are inserted as they are: exact unless a value needs URL, form or "
                    + "JSON escaping")
        }
    }

    /// `Bearer …` from the token store, when a valid OAuth2 token is there (never fetches one).
    private func storedToken(_ builder: RequestBuilder, _ endpoint: Endpoint?, _ overrides: RequestOverrides) async
        -> String?
    {
        guard let auth = try? builder.auth(for: endpoint, overrides: overrides) else { return nil }
        let interceptor = await AuthSessions.shared.interceptor(for: auth, key: builder.authSessionKey)
        guard case .oauth2(let refresher) = interceptor.credential else { return nil }
        return await refresher.status().token?.authorization
    }
}
