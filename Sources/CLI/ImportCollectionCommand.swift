import ArgumentParser
import CollectionImport
import ExplorerCore
import Foundation

/// `apix import FILE [--name ID]`: recognises the format by content, then imports as its own command does.
struct ImportFileCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "file",
        abstract: "Write a profile from a file of any supported format, recognised by its content.")

    @Argument(
        help: "An OpenAPI / Swagger document, Postman collection, Insomnia export, HAR, .http file or Bruno folder.")
    var file: String
    @Option(help: "Profile id (default: from the file's title).") var name: String?
    @Option(help: "An environment file to import with the collection (Postman); repeatable.")
    var environment: [String] = []
    @OptionGroup var write: ImportWriteOptions
    @OptionGroup var profileOptions: ProfileOptions

    func run() async throws {
        guard FileManager.default.fileExists(atPath: file) else { throw CLIFailure(.usage, "cannot read \(file)") }
        guard let format = ImportFormat.detect(path: file) else {
            if file.lowercased().hasSuffix("http-client.env.json") || file.lowercased().hasSuffix("private.env.json") {
                // JetBrains' environments for .http files, which come with the requests.
                throw CLIFailure(
                    .usage,
                    "\(file): the environments of .http files, not requests: `apix import http FILE.http` reads the "
                        + "http-client.env.json beside it, or give this one with --environment")
            }
            throw CLIFailure(
                .usage,
                "\(file): not a format apix imports (OpenAPI, Swagger 2.0, Postman, Insomnia, HAR, .http, Bruno); "
                    + "name it: apix import openapi|postman|… FILE")
        }
        if format == .openapi {
            var arguments = [file, "--profiles", profileOptions.directory]
            if let name { arguments += ["--name", name] }
            if write.force { arguments.append("--force") }
            if write.merge { arguments.append("--merge") }
            try SiblingExecutable.exec("apix-openapi", arguments: arguments)
        }
        try CollectionImportRun(
            format: format, file: file, environments: environment, name: name, force: write.force, merge: write.merge,
            directory: profileOptions.directory
        ).run()
    }
}

/// `apix import postman COLLECTION [--environment FILE]… [--name ID]`.
struct ImportPostmanCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "postman", abstract: "Write a profile from a Postman collection (v2.0 / v2.1).")

    @Argument(help: "The collection (JSON).") var file: String
    @Option(help: "Profile id (default: from the collection's name).") var name: String?
    @Option(help: "A Postman environment file, imported as an environment; repeatable.")
    var environment: [String] = []
    @OptionGroup var write: ImportWriteOptions
    @OptionGroup var profileOptions: ProfileOptions

    func run() async throws {
        try CollectionImportRun(
            format: .postman, file: file, environments: environment, name: name, force: write.force, merge: write.merge,
            directory: profileOptions.directory
        ).run()
    }
}

/// `apix import har FILE [--name ID]`.
struct ImportHARCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "har", abstract: "Write a profile from a HAR capture (browser or proxy).")

    @Argument(help: "The HAR file.") var file: String
    @Option(help: "Profile id (default: from the file name).") var name: String?
    @OptionGroup var write: ImportWriteOptions
    @OptionGroup var profileOptions: ProfileOptions

    func run() async throws {
        try CollectionImportRun(
            format: .har, file: file, environments: [], name: name, force: write.force, merge: write.merge,
            directory: profileOptions.directory
        ).run()
    }
}

/// `apix import http FILE [--environment http-client.env.json] [--name ID]`.
struct ImportHTTPCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "http", abstract: "Write a profile from a .http / .rest file (JetBrains, VS Code REST Client).")

    @Argument(help: "The .http or .rest file.") var file: String
    @Option(help: "An environment file (http-client.env.json; the one beside the file is read too); repeatable.")
    var environment: [String] = []
    @Option(help: "Profile id (default: from the file name).") var name: String?
    @OptionGroup var write: ImportWriteOptions
    @OptionGroup var profileOptions: ProfileOptions

    func run() async throws {
        try CollectionImportRun(
            format: .http, file: file, environments: environment, name: name, force: write.force, merge: write.merge,
            directory: profileOptions.directory
        ).run()
    }
}

/// `apix import insomnia FILE [--name ID]`.
struct ImportInsomniaCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "insomnia", abstract: "Write a profile from an Insomnia export (v4 JSON or v5 YAML).")

    @Argument(help: "The export file.") var file: String
    @Option(help: "Profile id (default: from the workspace's name).") var name: String?
    @OptionGroup var write: ImportWriteOptions
    @OptionGroup var profileOptions: ProfileOptions

    func run() async throws {
        try CollectionImportRun(
            format: .insomnia, file: file, environments: [], name: name, force: write.force, merge: write.merge,
            directory: profileOptions.directory
        ).run()
    }
}

/// `apix import bruno DIR [--name ID]`.
struct ImportBrunoCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bruno", abstract: "Write a profile from a Bruno collection (the folder with bruno.json).")

    @Argument(help: "The collection's folder.") var file: String
    @Option(help: "Profile id (default: from bruno.json's name).") var name: String?
    @OptionGroup var write: ImportWriteOptions
    @OptionGroup var profileOptions: ProfileOptions

    func run() async throws {
        try CollectionImportRun(
            format: .bruno, file: file, environments: [], name: name, force: write.force, merge: write.merge,
            directory: profileOptions.directory
        ).run()
    }
}

/// One import of a light format, in process: read, write, then the messages `apix import openapi` prints.
struct CollectionImportRun {
    var format: ImportFormat
    var file: String
    var environments: [String]
    var name: String?
    var force: Bool
    var merge: Bool
    var directory: String

    func run() throws {
        guard !(force && merge) else { throw CLIFailure(.usage, "--force and --merge: choose one") }
        var imported: ProfileImport
        do {
            imported = try CollectionImporter.makeProfile(
                format: format, path: file, environments: environments, id: name)
        } catch {
            throw CLIFailure(.usage, "\(file): \(error.message)")
        }
        let written: ProfileImportWriter.Written
        do {
            written = try ProfileImportWriter.write(
                &imported, source: (file as NSString).lastPathComponent, directory: directory, force: force,
                merge: merge)
        } catch {
            throw CLIFailure(error.profileProblem ? .profile : .usage, error.message)
        }
        let report = ImportReport(imported, written: written)
        for message in report.messages { StandardError.writeLine("apix: " + message) }
        print(report.result)
    }
}
