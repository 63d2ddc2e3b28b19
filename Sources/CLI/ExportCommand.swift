import ArgumentParser
import CollectionImport
import ExplorerCore
import Foundation

/// `apix export …`: turns profile endpoints into other tools' formats.
struct ExportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export", abstract: "Export an endpoint to another tool.",
        subcommands: [ExportCurlCommand.self, ExportHTTPCommand.self, ExportK6Command.self])
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
        _ = try loaded.requiredEndpoint(endpoint)
        let export: CurlExport
        do throws(RequestBuildError) {
            var builder = try RequestBuilder(profile: loaded, environment: request.environment)
            // Values captured by earlier runs (`{{login.token}}`); secret-like ones become ${NAME} references.
            builder.captured =
                (try? CaptureStore().load(profile: loaded.id, environment: builder.environment.name)) ?? [:]
            guard let endpointValue = builder.profile.endpoint(endpoint) else {
                throw RequestBuildError(.unknownEndpoint(endpoint))
            }
            let exchange = try ExchangePlan(endpointValue, builder: builder, overrides: overrides)
            // `--reveal` puts a valid stored token in the command (never fetches one).
            let token = reveal ? await exchange.token(includingExpired: false) : nil
            export = try exchange.curlCommand(revealed: reveal, token: token)
        } catch {
            throw CLIFailure(.profile, error.message)
        }
        if export.readsToken {
            StandardError.writeLine(
                "apix: no valid token stored for \(profile): run `apix auth login \(profile)` first")
        }
        StandardOutput.write(export.command + "\n")
        guard !export.variables.isEmpty else { return }
        StandardError.writeLine(
            "apix: the command reads " + export.variables.map { "$\($0)" }.joined(separator: ", ")
                + " from the environment (or use --reveal)")
        if export.secretsInEscapedContext {
            StandardError.writeLine(
                "apix: secrets in the URL or body are inserted as they are: exact unless a value needs URL, form or "
                    + "JSON escaping")
        }
    }
}
