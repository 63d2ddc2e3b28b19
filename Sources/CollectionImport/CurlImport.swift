import ExplorerCore
import Foundation

/// `apix import curl`: a curl command line as an endpoint of a profile, appended to it (`ProfileWriter.save`) or
/// in a new one with an environment for the URL's origin (`ProfileImportWriter`). Its credentials (`-u`, an
/// `Authorization`, `Cookie` or API-key header) go to `ID.secrets.yaml` as the other importers put them, and the
/// endpoint names them (`{{authorization}}`).
package enum CurlImport {
    /// What to call the endpoint: `id` and `name` default to the method and path, `folder` to none.
    package struct Naming: Sendable {
        package var id: String?
        package var name: String?
        package var folder: String?

        package init(id: String?, name: String?, folder: String?) {
            self.id = id
            self.name = name
            self.folder = folder
        }
    }

    /// Writes `command` into the profile `profileID` in `directory`; returns the line to print.
    package static func write(_ command: CurlCommandLine, profile profileID: String, naming: Naming, directory: String)
        throws(ProfileImportWriter.Failure) -> String
    {
        let file = (directory as NSString).appendingPathComponent("\(profileID).yaml")
        guard FileManager.default.fileExists(atPath: file) else {
            return try create(command, profile: profileID, naming: naming, directory: directory)
        }
        let existing: Profile
        switch ProfileLoader.load(file: file) {
        case .success(let loaded): existing = loaded
        case .failure(let failure): throw .init(message: failure.description, profileProblem: true)
        }
        var base: String?
        if let builder = try? RequestBuilder(profile: existing), let scope = try? builder.scope() {
            base = try? builder.environment.baseURL.render(scope)
        }
        var endpoint = try endpoint(command, naming: naming, baseURL: base, taken: Set(existing.endpoints.map(\.id)))
        let secrets = ImportCredentials.separate(&endpoint, known: existing.variables.mapValues(\.raw))
        // The secrets first: the saved endpoint names them, and the save loads the profile back with them.
        let yaml = (directory as NSString).appendingPathComponent("\(profileID).secrets.yaml")
        let yml = (yaml as NSString).deletingPathExtension + ".yml"
        let secretsFile =
            !FileManager.default.fileExists(atPath: yaml) && FileManager.default.fileExists(atPath: yml)
            ? yml : yaml
        let createdSecrets = !secrets.isEmpty && !FileManager.default.fileExists(atPath: secretsFile)
        do {
            if createdSecrets {
                let imported = ProfileImport(
                    profile: existing, auth: nil, secretVariables: secrets.keys.sorted(), secretValues: secrets,
                    notes: [])
                try AtomicFile.write(imported.secretsYAML ?? "", to: secretsFile, mode: 0o600)
            } else if !secrets.isEmpty {
                let entries = secrets.sorted { $0.key < $1.key }.map { ProfileEmitter.Entry($0.key, .string($0.value)) }
                _ = try ProfileWriter.addMissingSecrets([.init("variables", .mapping(entries))], to: secretsFile)
            }
            let outcome = try ProfileWriter.save(endpoint: endpoint, in: existing)
            return "added \(endpoint.id): \(outcome.message)" + secretsNote(secrets, file: secretsFile)
        } catch {
            if createdSecrets { try? FileManager.default.removeItem(atPath: secretsFile) }
            if let error = error as? ProfileWriteError { throw .init(message: error.message, profileProblem: true) }
            throw .init(message: "cannot write \(secretsFile): \(error)", profileProblem: false)
        }
    }

    private static func create(_ command: CurlCommandLine, profile profileID: String, naming: Naming, directory: String)
        throws(ProfileImportWriter.Failure) -> String
    {
        let origin: String
        do {
            origin = try command.origin()
        } catch {
            throw .init(message: error.message, profileProblem: false)
        }
        var endpoint = try endpoint(command, naming: naming, baseURL: origin, taken: [])
        let secrets = ImportCredentials.separate(&endpoint, known: [:])
        let profile: Profile
        do {
            profile = try command.newProfile(id: profileID, file: "", endpoint: endpoint)
        } catch {
            throw .init(message: error.message, profileProblem: false)
        }
        var imported = ProfileImport(
            profile: profile, auth: nil, secretVariables: secrets.keys.sorted(), secretValues: secrets, notes: [])
        let written = try ProfileImportWriter.write(
            &imported, source: "a curl command", directory: directory, force: false)
        return "created \(written.file) with \(endpoint.id)"
            + secretsNote(secrets, file: written.secretsFile ?? "the secrets file")
    }

    private static func endpoint(_ command: CurlCommandLine, naming: Naming, baseURL: String?, taken: Set<String>)
        throws(ProfileImportWriter.Failure) -> Endpoint
    {
        do {
            return try command.importedEndpoint(
                id: naming.id, name: naming.name, folder: naming.folder, baseURL: baseURL, taken: taken)
        } catch {
            throw .init(message: error.message, profileProblem: false)
        }
    }

    private static func secretsNote(_ secrets: [String: String], file: String) -> String {
        secrets.isEmpty ? "" : "; credentials (\(secrets.keys.sorted().joined(separator: ", "))) went to \(file)"
    }
}
