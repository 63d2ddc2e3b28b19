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

    package func save(_ profile: Profile) async throws -> (profile: Profile, note: String?) {
        let envFile = profile.variableLayers.addedEnvFile
        guard FileManager.default.fileExists(atPath: profile.file) else {
            try create(profile)
            return (try ProfileLoader.load(file: profile.file, envFile: envFile).get(), nil)
        }
        let current = try ProfileLoader.load(file: profile.file, envFile: envFile).get()
        // An endpoint the profile file could not take in place went to its overlay: the user is told where, and why.
        var overlaid: [(id: String, file: String, reason: String)] = []
        for endpoint in profile.endpoints where current.endpoint(endpoint.id) != endpoint {
            if case .overlay(let file, let reason) = try ProfileWriter.save(endpoint: endpoint, in: current) {
                overlaid.append((endpoint.id, file, reason))
            }
        }
        if !profile.variableLayers.changedNames(from: current.variableLayers).isEmpty {
            try VariableWriter.save(profile.variableLayers, profileFile: profile.file)
        }
        let note = overlaid.first.map { first in
            let ids = overlaid.map(\.id).joined(separator: ", ")
            return "saved \(ids) to \((first.file as NSString).lastPathComponent), beside the profile (\(first.reason))"
        }
        return (try ProfileLoader.load(file: profile.file, envFile: envFile).get(), note)
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
