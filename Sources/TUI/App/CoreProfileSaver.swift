import ExplorerCore
import Foundation

/// Saves edited endpoints with the core's `ProfileWriter` (atomic, in place where safe) and reloads the profile.
/// A profile whose file does not exist yet (the scratch profile, on the first request kept) is written whole.
package struct CoreProfileSaver: ProfileSaver {
    /// Why a new profile file could not be written.
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    package init() {}

    package func save(_ profile: Profile) async throws -> Profile {
        guard FileManager.default.fileExists(atPath: profile.file) else {
            try create(profile)
            return try ProfileLoader.load(file: profile.file).get()
        }
        let current = try ProfileLoader.load(file: profile.file).get()
        for endpoint in profile.endpoints where current.endpoint(endpoint.id) != endpoint {
            try ProfileWriter.save(endpoint: endpoint, in: current)
        }
        return try ProfileLoader.load(file: profile.file).get()
    }

    /// Writes a new profile file (0600, in a directory made private: it lives in the state directory).
    private func create(_ profile: Profile) throws {
        let directory = (profile.file as NSString).deletingLastPathComponent
        if let problem = StateDirectory.prepare(directory), !FileManager.default.fileExists(atPath: directory) {
            throw Failure(description: problem)
        }
        let text = ProfileEmitter.profile(
            profile, header: "apix's scratch profile: one-off requests kept with O in the explorer.")
        try AtomicFile.write(
            Data(text.utf8), to: profile.file,
            options: .init(mode: 0o600, keepsExistingMode: false, followsSymlink: false))
    }
}
