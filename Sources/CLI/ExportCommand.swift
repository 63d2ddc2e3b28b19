import ArgumentParser
import CollectionImport
import ExplorerCore
import Foundation

/// `apix export …`: turns profile endpoints into other tools' formats.
struct ExportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export", abstract: "Export an endpoint to another tool.",
        subcommands: [ExportCurlCommand.self, ExportHTTPCommand.self])
}

/// `apix export http PROFILE [-e ENV]`: prints the profile as a `.http` file (JetBrains HTTP Client, VS Code REST
/// Client). Secret values are not written: the file refers to them by name.
struct ExportHTTPCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "http", abstract: "Print a profile as a .http file (JetBrains HTTP Client, VS Code REST Client).")

    @Argument(help: "Profile id.", completion: Completions.profile) var profile: String
    @Option(
        name: [.short, .long], help: "Environment whose base URL and variables to write.",
        completion: Completions.environment)
    var environment: String?
    @OptionGroup var profileOptions: ProfileOptions

    func run() async throws {
        let loaded = try profileOptions.profile(profile)
        if let environment, !loaded.environments.contains(where: { $0.name == environment }) {
            throw CLIFailure(.usage, "profile \(profile) has no environment `\(environment)`")
        }
        StandardOutput.write(HTTPFileExporter.export(loaded, environment: environment))
    }
}

/// `apix export curl PROFILE ENDPOINT`: prints a curl command that sends exactly what apix would send, its
/// credentials included. Secrets become `${NAME}` references to shell variables unless `--reveal`.
struct ExportCurlCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "curl", abstract: "Print a curl command that sends what apix would send.")

    @Argument(help: "Profile id.", completion: Completions.profile) var profile: String
    @Argument(help: "Endpoint id.", completion: Completions.endpoint) var endpoint: String
    @OptionGroup var request: RequestOptions
    @Flag(help: "Put secret values (and a stored OAuth2 token) in the command instead of ${NAME} references.")
    var reveal = false
    @OptionGroup var profileOptions: ProfileOptions

    func run() async throws {
        let overrides = try request.overrides()
        let loaded = try request.profile(profile, from: profileOptions)
        let presentation: CredentialPresentation = reveal ? .revealed : .marker
        var prepared: PreparedRequest
        var basic: (username: String, password: String)?
        do throws(RequestBuildError) {
            var builder = try RequestBuilder(profile: loaded, environment: request.environment)
            // Values captured by earlier runs (`{{login.token}}`); secret-like ones become ${NAME} references.
            builder.captured =
                (try? CaptureStore().load(profile: loaded.id, environment: builder.environment.name)) ?? [:]
            guard let endpointValue = builder.profile.endpoint(endpoint) else {
                throw RequestBuildError(.unknownEndpoint(endpoint))
            }
            prepared = try presentation.request(for: endpointValue, builder: builder, overrides: overrides)
            let token = await storedToken(builder, endpointValue, overrides)
            var credential = try presentation.credential(
                for: endpointValue, builder: builder, overrides: overrides, token: token)
            if credential == nil, case .oauth2? = builder.authSpec(for: endpointValue) {
                // `--reveal` without a stored token: the command reads $ACCESS_TOKEN instead.
                StandardError.writeLine(
                    "apix: no valid token stored for \(profile): run `apix auth login \(profile)` first")
                credential = try CredentialPresentation.marker.credential(
                    for: endpointValue, builder: builder, overrides: overrides)
            }
            switch credential {
            case .basic(let username, let password)?: basic = (username, password)
            case let credential?: prepared = credential.apply(to: prepared)
            case nil: break
            }
        } catch {
            throw CLIFailure(.profile, error.message)
        }
        StandardOutput.write(CurlCommand.render(prepared, basicAuth: basic) + "\n")
        let variables = CurlCommand.shellVariables(in: prepared, basicAuth: basic)
        guard !variables.isEmpty else { return }
        StandardError.writeLine(
            "apix: the command reads " + variables.map { "$\($0)" }.joined(separator: ", ")
                + " from the environment (or use --reveal)")
        if CurlCommand.secretsInEscapedContext(prepared) {
            StandardError.writeLine(
                "apix: secrets in the URL or body are inserted as they are: exact unless a value needs URL, form or "
                    + "JSON escaping")
        }
    }

    /// `Bearer …` from the token store for `--reveal`, when a valid OAuth2 token is there (never fetches one).
    private func storedToken(_ builder: RequestBuilder, _ endpoint: Endpoint, _ overrides: RequestOverrides) async
        -> String?
    {
        guard reveal, let auth = try? builder.auth(for: endpoint, overrides: overrides) else { return nil }
        return await AuthSessions.shared.storedAuthorization(for: auth, key: builder.authSessionKey(for: endpoint))
    }
}
