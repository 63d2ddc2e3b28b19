import ExplorerCore
import Foundation

/// A profile whose files changed on disk while the explorer runs, read again through the core's `ProfileLoader`
/// (off the main loop, on the watcher's thread) for `update` to take in (`Action.profileFilesChanged`).
package struct ProfileFileChange: Sendable {
    package enum Outcome: Sendable {
        /// The profile as it now reads (its secrets and overlay files merged).
        case loaded(Profile)
        /// The file does not load: its located problems.
        case failed([ProfileProblem])
        /// The profile file is gone.
        case removed
    }

    /// The profile id (the file name without its extension).
    package var id: String
    /// The profile file (`ID.yaml` or `ID.yml`).
    package var file: String
    package var outcome: Outcome

    package init(id: String, file: String, outcome: Outcome) {
        self.id = id
        self.file = file
        self.outcome = outcome
    }

    /// The file's name, as the status bar says it (`shop.yaml`).
    var fileName: String { (file as NSString).lastPathComponent }

    /// The profiles that the changed `names` of `directory` belong to, read again: a profile file, or its
    /// `ID.secrets.yaml` or `ID.local.yaml` companion. Hidden files (an interrupted save's `.ID.yaml.tmp-*`) and
    /// other files are not profiles.
    /// `envFiles` are the dotenv files chosen over profiles' secrets in the environment view, by profile file
    /// (`LayoutStore.readSecretsFiles`): a profile is read again with its choice, as it was loaded.
    static func read(_ names: Set<String>, in directory: String, envFiles: [String: String] = [:])
        -> [ProfileFileChange]
    {
        var changedFiles: [String: String] = [:]  // id → the profile file's name, when that file itself changed
        var ids: Set<String> = []
        for name in names where !name.hasPrefix(".") {
            if ProfileLoader.isProfileFile(name) {
                let id = ProfileLoader.id(forFile: name)
                ids.insert(id)
                changedFiles[id] = name
                continue
            }
            for kind in ["secrets", "local"] {
                for ext in ["yaml", "yml"] where name.hasSuffix(".\(kind).\(ext)") {
                    ids.insert(String(name.dropLast(kind.count + ext.count + 2)))
                }
            }
        }
        var changes: [ProfileFileChange] = []
        // A reload asks the commands of `{ command: […] }` variables again (a rotated secret, a fixed command).
        if !ids.isEmpty { SecretCommands.shared.forget() }
        for id in ids.sorted() {
            let candidates = ["yaml", "yml"].map { (directory as NSString).appendingPathComponent("\(id).\($0)") }
            if let file = candidates.first(where: { FileManager.default.fileExists(atPath: $0) }) {
                let outcome: Outcome
                switch ProfileLoader.load(file: file, envFile: envFiles[file]) {
                case .success(let profile): outcome = .loaded(profile)
                case .failure(let failure): outcome = .failed(failure.problems)
                }
                changes.append(ProfileFileChange(id: id, file: file, outcome: outcome))
            } else if let name = changedFiles[id] {
                let file = (directory as NSString).appendingPathComponent(name)
                changes.append(ProfileFileChange(id: id, file: file, outcome: .removed))
            }
        }
        return changes
    }
}
