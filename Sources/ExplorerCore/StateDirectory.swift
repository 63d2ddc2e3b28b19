import Foundation

/// Where apix keeps state (tokens, cache, logs): `$XDG_STATE_HOME/apix`, else `~/.local/state/apix`.
public enum StateDirectory {
    public static func path(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        let base: String
        if let xdg = environment["XDG_STATE_HOME"], xdg.hasPrefix("/") {
            base = xdg
        } else {
            base = ((environment["HOME"] ?? NSHomeDirectory()) as NSString).appendingPathComponent(".local/state")
        }
        return (base as NSString).appendingPathComponent("apix")
    }
}
