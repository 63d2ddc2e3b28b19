import ArgumentParser
import CollectionImport
import ExplorerCore
import Foundation

/// `apix import …`: makes profiles and endpoints from other tools' formats.
struct ImportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import", abstract: "Import a profile or an endpoint.",
        subcommands: [
            ImportFileCommand.self, ImportOpenAPICommand.self, ImportPostmanCommand.self, ImportHARCommand.self,
            ImportHTTPCommand.self,
            ImportInsomniaCommand.self, ImportBrunoCommand.self, ImportCurlCommand.self, ImportGraphQLCommand.self,
        ],
        defaultSubcommand: ImportFileCommand.self)
}

/// `apix import openapi SPEC [--name ID]`: writes `ID.yaml` (and an empty `ID.secrets.yaml` when the auth needs
/// secrets) into the profiles directory. The importer (OpenAPIKit) lives in the sibling program `apix-openapi`,
/// which this command becomes once its arguments have parsed, so `apix` itself does not link it.
struct ImportOpenAPICommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "openapi", abstract: "Write a profile from an OpenAPI 3.0/3.1 document (YAML or JSON).")

    @Argument(help: "The OpenAPI document.") var spec: String
    @Option(help: "Profile id (default: from the document's title).") var name: String?
    @OptionGroup var write: ImportWriteOptions
    @OptionGroup var profileOptions: ProfileOptions

    func run() async throws {
        var arguments = [spec, "--profiles", profileOptions.directory]
        if let name { arguments += ["--name", name] }
        if write.force { arguments.append("--force") }
        if write.merge { arguments.append("--merge") }
        try SiblingExecutable.exec("apix-openapi", arguments: arguments)
    }
}

/// `apix import curl 'curl …' --profile ID [--id ID]`: appends the command as an endpoint (creating the profile,
/// with an environment for the URL's origin, when it does not exist); its credentials go to `ID.secrets.yaml`
/// (`CurlImport`).
struct ImportCurlCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "curl", abstract: "Append a curl command line to a profile as an endpoint.")

    @Argument(help: "The curl command line, quoted as one argument.") var command: String
    @Option(help: "The profile to add it to (created when missing; default: the URL's host, `api.example.com`).")
    var profile: String?
    @Option(help: "Endpoint id (default: from the method and path).") var id: String?
    @Option(name: .customLong("name"), help: "Endpoint display name.") var displayName: String?
    @Option(help: "Folder to put it in.") var folder: String?
    @OptionGroup var profileOptions: ProfileOptions

    func run() async throws {
        let parsed: CurlCommandLine
        do {
            parsed = try CurlCommandLine.parse(pasted: command)
        } catch {
            throw CLIFailure(.usage, error.message)
        }
        // A pasted command's host names its profile: what a user who has none yet would call it.
        guard let profile = profile ?? Self.profileID(forURL: parsed.url) else {
            throw CLIFailure(.usage, "the command's URL has no host to name a profile after: give --profile ID")
        }
        do {
            let naming = CurlImport.Naming(id: id, name: displayName, folder: folder)
            print(try CurlImport.write(parsed, profile: profile, naming: naming, directory: profileOptions.directory))
        } catch {
            throw CLIFailure(error.profileProblem ? .profile : .usage, error.message)
        }
    }

    /// The profile id a URL's host gives (`https://api.example.com:8443/v1` → `api.example.com`), nil without a host
    /// or with one that is no file name.
    static func profileID(forURL url: String) -> String? {
        guard let host = URLComponents(string: url)?.host?.lowercased(), !host.isEmpty,
            !host.hasPrefix("."), host.allSatisfy({ $0.isLetter || $0.isNumber || "-._".contains($0) })
        else { return nil }
        return host
    }
}
