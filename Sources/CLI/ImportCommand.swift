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
            ImportInsomniaCommand.self, ImportBrunoCommand.self, ImportCurlCommand.self,
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
/// with an environment for the URL's origin, when it does not exist).
struct ImportCurlCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "curl", abstract: "Append a curl command line to a profile as an endpoint.")

    @Argument(help: "The curl command line, quoted as one argument.") var command: String
    @Option(help: "The profile to add it to (created when missing).") var profile: String
    @Option(help: "Endpoint id (default: from the method and path).") var id: String?
    @Option(name: .customLong("name"), help: "Endpoint display name.") var displayName: String?
    @Option(help: "Folder to put it in.") var folder: String?
    @OptionGroup var profileOptions: ProfileOptions

    func run() async throws {
        let parsed: CurlCommand
        do {
            parsed = try CurlCommand.parse(pasted: command)
        } catch {
            throw CLIFailure(.usage, error.message)
        }
        let directory = profileOptions.directory
        let file = (directory as NSString).appendingPathComponent("\(profile).yaml")
        if FileManager.default.fileExists(atPath: file) {
            try await append(parsed, file: file)
        } else {
            try create(parsed, file: file)
        }
    }

    private func append(_ parsed: CurlCommand, file: String) async throws {
        let existing: Profile
        switch ProfileLoader.load(file: file) {
        case .success(let loaded): existing = loaded
        case .failure(let failure): throw CLIFailure(.profile, failure.description)
        }
        var base: String?
        if let builder = try? RequestBuilder(profile: existing), let scope = try? builder.scope() {
            base = try? builder.environment.baseURL.render(scope)
        }
        let endpoint = try makeEndpoint(parsed, baseURL: base, taken: Set(existing.endpoints.map(\.id)))
        do {
            let outcome = try ProfileWriter.save(endpoint: endpoint, in: existing)
            print("added \(endpoint.id): \(outcome.message)")
        } catch {
            throw CLIFailure(.profile, error.message)
        }
    }

    private func create(_ parsed: CurlCommand, file: String) throws {
        let new: Profile
        do {
            let endpoint = try makeEndpoint(parsed, baseURL: try parsed.origin(), taken: [])
            new = try parsed.newProfile(id: profile, file: file, endpoint: endpoint)
        } catch let error as InteropError {
            throw CLIFailure(.usage, error.message)
        }
        try? FileManager.default.createDirectory(
            atPath: (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try AtomicFile.write(ProfileEmitter.profile(new), to: file)
        if case .failure(let failure) = ProfileLoader.load(file: file) {
            throw CLIFailure(.profile, failure.description)
        }
        print("created \(file) with \(new.endpoints.first?.id ?? "")")
    }

    private func makeEndpoint(_ parsed: CurlCommand, baseURL: String?, taken: Set<String>) throws -> Endpoint {
        do {
            return try parsed.importedEndpoint(
                id: id, name: displayName, folder: folder, baseURL: baseURL, taken: taken)
        } catch {
            throw CLIFailure(.usage, error.message)
        }
    }
}
