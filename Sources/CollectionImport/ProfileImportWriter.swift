import ExplorerCore
import Foundation

/// Writes an import as `apix import` does, for every format: `ID.yaml` (refused when it exists, unless forced),
/// `ID.secrets.yaml` (0600, only when missing: it may hold what the user filled in), then loads the profile back
/// so what was written passes `apix check`.
public enum ProfileImportWriter {
    /// Why a write failed: `profileProblem` is a profile that does not load back (exit 3), the rest usage (2).
    public struct Failure: Error, Sendable {
        public var message: String
        public var profileProblem: Bool
    }

    /// What was written, for the messages.
    public struct Written: Sendable {
        public var file: String
        /// The secrets file, when this import wrote it.
        public var secretsFile: String?
    }

    public static func write(_ imported: inout ProfileImport, source: String, directory: String, force: Bool)
        throws(Failure) -> Written
    {
        imported.profile.file = (directory as NSString).appendingPathComponent("\(imported.profile.id).yaml")
        let file = imported.profile.file
        if FileManager.default.fileExists(atPath: file), !force {
            throw Failure(message: "\(file) exists: choose another --name or use --force", profileProblem: false)
        }
        try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        do {
            try AtomicFile.write(imported.yaml(source: source), to: file)
        } catch {
            throw Failure(message: "cannot write \(file): \(error)", profileProblem: false)
        }
        let secretsFile = (directory as NSString).appendingPathComponent("\(imported.profile.id).secrets.yaml")
        var wroteSecrets: String?
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
}
