import ExplorerCore
import Foundation

/// Writes an import as `apix import` does, for every format: `ID.yaml` (when it exists: refused, merged into with
/// `merge`, replaced with `force`), `ID.secrets.yaml` (0600, only when missing: it may hold what the user filled
/// in; a merge and `force` add the names it lacks), then loads the profile back so what was written passes `apix check`.
package enum ProfileImportWriter {
    /// Why a write failed: `profileProblem` is a profile that does not load back (exit 3), the rest usage (2).
    package struct Failure: Error, Sendable {
        package var message: String
        package var profileProblem: Bool
    }

    /// What was written, for the messages.
    package struct Written: Sendable {
        package var file: String
        /// The secrets file, when this import wrote it.
        package var secretsFile: String?
        /// What a merge into an existing profile did (nil when the file was written whole).
        package var merged: ProfileWriter.Merged?
    }

    package static func write(
        _ imported: inout ProfileImport, source: String, directory: String, force: Bool, merge: Bool = false
    ) throws(Failure) -> Written {
        imported.profile.file = (directory as NSString).appendingPathComponent("\(imported.profile.id).yaml")
        let file = imported.profile.file
        if FileManager.default.fileExists(atPath: file), !force {
            guard merge else {
                throw Failure(
                    message: "\(file) exists: merge into it with --merge (new endpoints added, yours kept), "
                        + "replace it with --force, or choose another --name",
                    profileProblem: false)
            }
            return try mergeInto(file, imported: imported, directory: directory)
        }
        try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let secretsFile = (directory as NSString).appendingPathComponent("\(imported.profile.id).secrets.yaml")
        var wroteSecrets: String?
        // Replacing a profile keeps its secrets file (the user's values), with the names the new one needs added.
        if imported.secretsYAML != nil, FileManager.default.fileExists(atPath: secretsFile) {
            do {
                if try !ProfileWriter.addMissingSecrets(imported.secretEntries, to: secretsFile).isEmpty {
                    wroteSecrets = secretsFile
                }
            } catch {
                throw Failure(message: error.description, profileProblem: false)
            }
        }
        try writeSchemas(imported, directory: directory, merging: false)
        do {
            try AtomicFile.write(imported.yaml(source: source), to: file)
        } catch {
            throw Failure(message: "cannot write \(file): \(error)", profileProblem: false)
        }
        if let secrets = imported.secretsYAML, !FileManager.default.fileExists(atPath: secretsFile) {
            do {
                try AtomicFile.write(secrets, to: secretsFile, mode: 0o600)
            } catch {
                throw Failure(message: "cannot write \(secretsFile): \(error)", profileProblem: false)
            }
            wroteSecrets = secretsFile
        }
        if case .failure(let failure) = ProfileLoader.load(file: file) {
            throw Failure(message: failure.description, profileProblem: true)
        }
        return Written(file: file, secretsFile: wroteSecrets)
    }

    /// Merges into the existing profile (`ProfileWriter.merge`): a missing secrets file is written whole first,
    /// an existing one gains the names it lacks.
    private static func mergeInto(_ file: String, imported: ProfileImport, directory: String) throws(Failure)
        -> Written
    {
        let secretsFile = (directory as NSString).appendingPathComponent("\(imported.profile.id).secrets.yaml")
        var wroteSecrets: String?
        if let secrets = imported.secretsYAML, !FileManager.default.fileExists(atPath: secretsFile),
            !FileManager.default.fileExists(atPath: (secretsFile as NSString).deletingPathExtension + ".yml")
        {
            do {
                try AtomicFile.write(secrets, to: secretsFile, mode: 0o600)
            } catch {
                throw Failure(message: "cannot write \(secretsFile): \(error)", profileProblem: false)
            }
            wroteSecrets = secretsFile
        }
        try writeSchemas(imported, directory: directory, merging: true)
        do {
            let merged = try ProfileWriter.merge(imported.profile, secrets: imported.secretEntries, into: file)
            return Written(file: file, secretsFile: wroteSecrets, merged: merged)
        } catch {
            if let wroteSecrets { try? FileManager.default.removeItem(atPath: wroteSecrets) }
            let broken = if case .brokenProfile = error.reason { true } else { false }
            throw Failure(message: error.message + " (--force replaces it)", profileProblem: broken)
        }
    }

    /// Writes the side file `ID.schemas.json` (pretty-printed, so `apix check` can name a line). Merging keeps the
    /// schemas it holds and adds the names it lacks.
    private static func writeSchemas(_ imported: ProfileImport, directory: String, merging: Bool) throws(Failure) {
        guard !imported.sideSchemas.isEmpty else { return }
        let path = (directory as NSString).appendingPathComponent("\(imported.profile.id).schemas.json")
        var schemas = imported.sideSchemas
        if merging, FileManager.default.fileExists(atPath: path) {
            guard let data = FileManager.default.contents(atPath: path),
                case .object(var existing)? = try? JSONValue.parse(data)
            else {
                throw Failure(
                    message: "\(path) is not a JSON object of schemas: fix or remove it", profileProblem: true)
            }
            for member in schemas where existing[member.key] == nil {
                existing.append(key: member.key, value: member.value)
            }
            schemas = existing
        }
        do {
            try AtomicFile.write(JSONValue.object(schemas).serialized(pretty: true) + "\n", to: path)
        } catch {
            throw Failure(message: "cannot write \(path): \(error)", profileProblem: false)
        }
    }
}
