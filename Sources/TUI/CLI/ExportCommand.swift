import ArgumentParser
import ExplorerCore
import Foundation

/// `apix export …`: turns profile endpoints into other tools' formats.
struct ExportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export", abstract: "Export an endpoint to another tool.", subcommands: [ExportCurlCommand.self])
}

/// `apix export curl PROFILE ENDPOINT`: prints a curl command that sends exactly what apix would send. Secrets
/// become `${NAME}` references to shell variables unless `--reveal`.
struct ExportCurlCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "curl", abstract: "Print a curl command that sends what apix would send.")

    @Argument(help: "Profile id.") var profile: String
    @Argument(help: "Endpoint id.") var endpoint: String
    @OptionGroup var request: RequestOptions
    @Flag(help: "Put secret values in the command instead of ${NAME} references.") var reveal = false
    @OptionGroup var profileOptions: ProfileOptions

    func run() async throws {
        let overrides = try request.overrides()
        let loaded = try profileOptions.profile(profile)
        let prepared: PreparedRequest
        do {
            var builder = try RequestBuilder(profile: loaded, environment: request.environment)
            builder.maskStyle = .marker
            prepared = try builder.request(endpoint: endpoint, overrides: overrides, masking: !reveal)
        } catch {
            throw CLIFailure(.profile, error.message)
        }
        StandardOutput.write(CurlCommand.render(prepared) + "\n")
        let variables = CurlCommand.shellVariables(in: prepared)
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
}
