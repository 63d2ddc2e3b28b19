import ExplorerCore
import Foundation

/// Saves edited endpoints with the core's `ProfileWriter` (atomic, in place where safe) and edited variables with
/// `VariableWriter` (the profile file and the secrets file, in place), then reloads the profile with the dotenv
/// file the user chose for it, if any. A profile whose file does not exist (the scratch profile, on the first
/// request kept; a profile deleted on disk while shown) is written whole.
package struct CoreProfileSaver: ProfileSaver {
    /// Why a new profile file could not be written.
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    package init() {}

    package func save(_ profile: Profile) async throws -> Profile {
        let envFile = profile.variableLayers.addedEnvFile
        guard FileManager.default.fileExists(atPath: profile.file) else {
            try create(profile)
            return try ProfileLoader.load(file: profile.file, envFile: envFile).get()
        }
        let current = try ProfileLoader.load(file: profile.file, envFile: envFile).get()
        for endpoint in profile.endpoints where current.endpoint(endpoint.id) != endpoint {
            try ProfileWriter.save(endpoint: endpoint, in: current)
        }
        if !profile.variableLayers.changedNames(from: current.variableLayers).isEmpty {
            try VariableWriter.save(profile.variableLayers, profileFile: profile.file)
        }
        return try ProfileLoader.load(file: profile.file, envFile: envFile).get()
    }

    /// Writes a new profile file. The scratch profile's lives in the state directory: 0600, in a directory made
    /// with 0700; another (deleted on disk while shown, saved again) is written as any file the user makes, in its
    /// directory as it is.
    private func create(_ profile: Profile) throws {
        let directory = (profile.file as NSString).deletingLastPathComponent
        let scratch = profile.id == AppState.scratchID
        if !FileManager.default.fileExists(atPath: directory), let problem = StateDirectory.prepare(directory) {
            throw Failure(description: problem)
        }
        let header = scratch ? "apix's scratch profile: one-off requests kept with O in the explorer." : nil
        let text = ProfileEmitter.profile(profile, header: header)
        try AtomicFile.write(
            Data(text.utf8), to: profile.file,
            options: .init(mode: scratch ? 0o600 : nil, keepsExistingMode: false, followsSymlink: false))
    }
}
