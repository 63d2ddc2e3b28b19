import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Where apix keeps state (tokens, cache, logs): `$XDG_STATE_HOME/apix`, else `~/.local/state/apix`.
package enum StateDirectory {
    package static func path(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        let base: String
        if let xdg = environment["XDG_STATE_HOME"], xdg.hasPrefix("/") {
            base = xdg
        } else {
            base = ((environment["HOME"] ?? NSHomeDirectory()) as NSString).appendingPathComponent(".local/state")
        }
        return (base as NSString).appendingPathComponent("apix")
    }

    /// The scratch profile: where the explorer keeps one-off requests made with no profile selected (kept with
    /// `O`), `scratch/scratch.yaml` in the state directory, so `apix --profiles DIR/scratch` reads it too.
    package static func scratchProfile(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        (path(environment: environment) as NSString).appendingPathComponent("scratch/scratch.yaml")
    }

    /// The scratch profile's id, its file's name. A profile of that id in the profiles directory comes first.
    package static let scratchProfileID = "scratch"

    /// Makes `directory` private to the user: created with mode 0700 (missing parents too), or, when it exists and
    /// is the user's, narrowed to 0700. Returns a warning instead of failing when it is another user's or cannot be
    /// changed: apix still works there, and its files inside are 0600 whatever the directory's mode.
    @discardableResult
    package static func prepare(_ directory: String = path()) -> String? {
        var info = stat()
        if stat(directory, &info) != 0 {
            do {
                try FileManager.default.createDirectory(
                    atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
                return nil
            } catch {
                return "cannot create the state directory \(directory): \(error.localizedDescription)"
            }
        }
        guard info.st_mode & S_IFMT == S_IFDIR else {
            return "the state directory \(directory) is not a directory"
        }
        guard info.st_mode & 0o077 != 0 else { return nil }
        let mode = String(info.st_mode & 0o777, radix: 8)
        guard info.st_uid == geteuid() else {
            return "the state directory \(directory) belongs to another user and is open to others (mode \(mode))"
        }
        guard chmod(directory, 0o700) == 0 else {
            return "cannot make the state directory \(directory) private (mode \(mode)): "
                + String(cString: strerror(errno))
        }
        return nil
    }
}
