import ExplorerCore

/// Profiles edited by another program while the explorer runs: the profile directory is watched
/// (`DirectoryWatcher`, inotify), and each burst of changes is read again on the watcher's thread and posted to the
/// inbox as one action, which `update` takes in (`AppState+Reload`).
extension Runtime {
    /// Starts watching the profile directory, or says in the log why it cannot (a directory that does not exist yet
    /// is not watched: apix lists the profiles it found at start).
    func watchProfileDirectory() -> DirectoryWatcher? {
        let directory = state.profileDirectory
        guard !directory.isEmpty else { return nil }
        let inbox = self.inbox
        let store = layoutStore
        do {
            return try DirectoryWatcher(directory: directory) { names in
                let envFiles = store?.readSecretsFiles() ?? [:]
                let changes = ProfileFileChange.read(names, in: directory, envFiles: envFiles)
                if !changes.isEmpty { inbox.post(.profileFilesChanged(changes)) }
            }
        } catch {
            log.write("profiles: not watching for changes: \(error)")
            return nil
        }
    }
}
