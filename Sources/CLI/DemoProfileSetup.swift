import ExplorerCore
import Foundation

/// Where `apix demo` finds its profile: the profile directory apix would use when it holds `demo.yaml`; else the
/// config directory (`ProfileSearchPath.configDirectory`), where the profile built into the binary
/// (`BuiltInDemoProfile`) is written on first use, so the demo works from any directory. A directory given with
/// `--profiles` is used as it is.
enum DemoProfileSetup {
    /// The directory to open, and the file written when this run wrote the built-in profile out.
    static func directory(
        explicit: String?, currentDirectory: String = FileManager.default.currentDirectoryPath,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws -> (directory: String, wrote: String?) {
        let searched = ProfileSearchPath.directory(
            explicit: explicit, currentDirectory: currentDirectory, environment: environment)
        if explicit != nil || ProfileLoader.file(forProfile: "demo", in: searched) != nil { return (searched, nil) }
        let config = ProfileSearchPath.configDirectory(environment: environment)
        let file = (config as NSString).appendingPathComponent("demo.yaml")
        if ProfileLoader.file(forProfile: "demo", in: config) != nil { return (config, nil) }
        do {
            try FileManager.default.createDirectory(atPath: config, withIntermediateDirectories: true)
            // The secrets file first: a profile without it would load with `{{api_key}}` undefined.
            try AtomicFile.write(
                Data((BuiltInDemoProfile.secrets + "\n").utf8),
                to: (config as NSString).appendingPathComponent("demo.secrets.yaml"),
                options: AtomicFile.Options(mode: 0o600, keepsExistingMode: true, followsSymlink: false))
            try AtomicFile.write(BuiltInDemoProfile.yaml + "\n", to: file)
        } catch {
            throw CLIFailure(.profile, "cannot write the demo profile to \(config): \(error)")
        }
        return (config, file)
    }
}
