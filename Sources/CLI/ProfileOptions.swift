import ArgumentParser
import ExplorerCore
import Foundation

/// `--profiles DIR`, shared by every command that reads profiles.
struct ProfileOptions: ParsableArguments {
    @Option(
        name: .long, help: "Directory of profiles (default: ./profiles, else ~/.config/apix/profiles).",
        completion: .directory)
    var profiles: String?

    var directory: String { ProfileSearchPath.directory(explicit: profiles) }

    /// `given`: names of variables given at run time (`apix check --var`), which the profiles may use without
    /// defining.
    func catalog(given: Set<String> = []) -> ProfileCatalog {
        ProfileLoader.load(directory: directory, alsoDefined: given)
    }

    /// The profile with this id, or a profile error naming what went wrong (its problems when the file is broken).
    /// Only the profile's own file (and its companions) is read when it exists; the directory when it does not,
    /// to name the known ones.
    /// `secrets`: a `--env-file`'s lines, secret variables over every other definition (the profile may use names
    /// only they define). `given`: the names `--var` gives values to, which the profile may use without defining.
    func profile(
        _ id: String, addingSecrets secrets: [(key: String, value: String)] = [], given: Set<String> = []
    ) throws -> Profile {
        if let file = ProfileLoader.file(forProfile: id, in: directory) {
            switch ProfileLoader.load(file: file, addingSecrets: secrets, alsoDefined: given) {
            case .success(let profile): return profile
            case .failure(let failure):
                throw CLIFailure(.profile, failure.problems.map(\.description).joined(separator: "\napix: "))
            }
        }
        let catalog = catalog()
        if var profile = catalog.profile(id) {
            profile.addSecretVariables(secrets)
            return profile
        }
        let broken = catalog.problemsByProfile[id] ?? []
        if !broken.isEmpty {
            throw CLIFailure(.profile, broken.map(\.description).joined(separator: "\napix: "))
        }
        if id == StateDirectory.scratchProfileID, let scratch = try scratch(addingSecrets: secrets, given: given) {
            return scratch
        }
        let known = catalog.profiles.map(\.id).joined(separator: ", ")
        throw CLIFailure(
            .profile,
            "no profile `\(id)` in \(directory)" + (known.isEmpty ? "" : " (found: \(known))")
                + Self.elsewhere(id, directory))
    }

    /// Where the profile the user meant is, when apix can tell: a file of that name beside them (apix looked in
    /// another directory), or a file path given as the id.
    static func elsewhere(_ id: String, _ directory: String) -> String {
        let here = FileManager.default.currentDirectoryPath
        if let file = NearbyFiles.profileFile(id, in: here, searched: directory) {
            return "; ./\((file as NSString).lastPathComponent) is in this directory: `--profiles .` reads it"
        }
        if ProfileLoader.isProfileFile((id as NSString).lastPathComponent), FileManager.default.fileExists(atPath: id) {
            let folder = (id as NSString).deletingLastPathComponent
            return "; profiles are named by id, not by file: `\(ProfileLoader.id(forFile: id))` with "
                + "`--profiles \(folder.isEmpty ? "." : folder)`"
        }
        return ""
    }

    /// The explorer's scratch profile (requests kept with `O` when no profile was selected), or nil when there is
    /// none. The explorer shows it when the directory has no profile of its id, and so do `list` and the commands
    /// that take a profile id.
    func scratch(addingSecrets secrets: [(key: String, value: String)] = [], given: Set<String> = []) throws
        -> Profile?
    {
        let file = StateDirectory.scratchProfile()
        guard FileManager.default.fileExists(atPath: file) else { return nil }
        switch ProfileLoader.load(file: file, addingSecrets: secrets, alsoDefined: given) {
        case .success(let profile): return profile
        case .failure(let failure):
            throw CLIFailure(.profile, failure.problems.map(\.description).joined(separator: "\napix: "))
        }
    }
}
