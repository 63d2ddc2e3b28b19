import Foundation
import Yams

/// The `history:` part of the user config file (`$XDG_CONFIG_HOME/apix/config.yaml`, else
/// `~/.config/apix/config.yaml`): whether exchanges are recorded and how much is kept.
package struct HistorySettings: Sendable, Equatable {
    /// Record exchanges (`enabled: false` turns history off everywhere).
    package var enabled = true
    /// Entries older than this many days are deleted.
    package var maxAgeDays = 30.0
    /// At most this many entries; the oldest go first.
    package var maxEntries = 100_000
    /// Bodies up to this size are kept in the database; larger ones in compressed files beside it.
    package var inlineBodyBytes = 64 * 1024
    /// A body larger than this is not kept at all.
    package var maxBodyBytes: Int64 = 64 * 1024 * 1024
    /// The body files' total size (compressed); past it the oldest bodies are dropped, their entries say so.
    package var maxTotalBodyBytes: Int64 = 256 * 1024 * 1024

    package init() {}

    /// The config file's path.
    package static func configPath(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        let base: String
        if let xdg = environment["XDG_CONFIG_HOME"], xdg.hasPrefix("/") {
            base = xdg
        } else {
            base = ((environment["HOME"] ?? NSHomeDirectory()) as NSString).appendingPathComponent(".config")
        }
        return (base as NSString).appendingPathComponent("apix/config.yaml")
    }

    /// The settings of the config file; the defaults when there is none. A value that does not read keeps its
    /// default and is named in `warnings` (a broken config file never stops a send).
    package static func load(
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> (settings: HistorySettings, warnings: [String]) {
        let path = configPath(environment: environment)
        // Looked for first: most have no config file, and the error a failed read builds costs a start ~0.2 ms.
        guard FileManager.default.fileExists(atPath: path),
            let text = try? String(contentsOfFile: path, encoding: .utf8)
        else { return (HistorySettings(), []) }
        return parse(text, path: path)
    }

    static func parse(_ text: String, path: String) -> (settings: HistorySettings, warnings: [String]) {
        var settings = HistorySettings()
        var warnings: [String] = []
        let root: Any?
        do {
            root = try Yams.load(yaml: text)
        } catch {
            return (settings, ["\(path) does not read as YAML; history uses its defaults"])
        }
        guard let top = root as? [String: Any], let section = top["history"] else { return (settings, []) }
        guard let history = section as? [String: Any] else {
            return (settings, ["\(path): `history` must be a mapping"])
        }
        func number(_ key: String) -> Double? {
            guard let value = history[key] else { return nil }
            if let number = value as? Int { return Double(number) }
            if let number = value as? Double { return number }
            warnings.append("\(path): history.\(key) must be a number")
            return nil
        }
        for key in history.keys.sorted() where !Self.keys.contains(key) {
            warnings.append("\(path): unknown key history.\(key)")
        }
        if let value = history["enabled"] {
            if let flag = value as? Bool {
                settings.enabled = flag
            } else {
                warnings.append("\(path): history.enabled must be true or false")
            }
        }
        if let days = number("max_age_days"), days > 0 { settings.maxAgeDays = days }
        if let count = number("max_entries"), count >= 1 { settings.maxEntries = Int(count) }
        if let bytes = number("inline_body_bytes"), bytes >= 0 { settings.inlineBodyBytes = Int(bytes) }
        if let bytes = number("max_body_bytes"), bytes >= 0 { settings.maxBodyBytes = Int64(bytes) }
        if let bytes = number("max_total_body_bytes"), bytes >= 0 { settings.maxTotalBodyBytes = Int64(bytes) }
        return (settings, warnings)
    }

    static let keys: Set = [
        "enabled", "max_age_days", "max_entries", "inline_body_bytes", "max_body_bytes", "max_total_body_bytes",
    ]
}
