import Foundation

/// Where profiles are looked for: `--profiles DIR`, else `./profiles`, else `$XDG_CONFIG_HOME/apix/profiles`
/// (`~/.config/apix/profiles`).
public enum ProfileSearchPath {
    public static func directory(
        explicit: String?, currentDirectory: String = FileManager.default.currentDirectoryPath,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> String {
        if let explicit { return explicit }
        let local = (currentDirectory as NSString).appendingPathComponent("profiles")
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: local, isDirectory: &isDirectory), isDirectory.boolValue {
            return local
        }
        return configDirectory(environment: environment)
    }

    /// `$XDG_CONFIG_HOME/apix/profiles` (`~/.config/apix/profiles` without it): where profiles live outside a
    /// checkout, and where `apix demo` writes its built-in profile.
    package static func configDirectory(
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> String {
        (configHome(environment: environment) as NSString).appendingPathComponent("apix/profiles")
    }

    static func configHome(environment: [String: String]) -> String {
        if let xdg = environment["XDG_CONFIG_HOME"], xdg.hasPrefix("/") { return xdg }
        return ((environment["HOME"] ?? NSHomeDirectory()) as NSString).appendingPathComponent(".config")
    }
}
