import ExplorerHistory
import Foundation
import Yams

/// The explorer's part of the user config file (`$XDG_CONFIG_HOME/apix/config.yaml`, else
/// `~/.config/apix/config.yaml`, the file `history:` is read from): top-level `mouse:` and `theme:`.
package struct TUISettings: Sendable, Equatable {
    /// Ask the terminal for mouse reports (`mouse: false`: the terminal's own mouse handling, as without apix).
    package var mouse = true
    /// A built-in theme by name (`dark`, `light`, `high-contrast`); the theme file, when there is one, starts from
    /// it.
    package var theme = "dark"

    package init() {}

    /// The settings of the config file (the defaults without one), and what in it did not read, located.
    package static func load(environment: [String: String]) -> (settings: TUISettings, warnings: [String]) {
        let path = HistorySettings.configPath(environment: environment)
        guard FileManager.default.fileExists(atPath: path),
            let text = try? String(contentsOfFile: path, encoding: .utf8)
        else { return (TUISettings(), []) }
        return parse(text, path: path)
    }

    static func parse(_ text: String, path: String) -> (settings: TUISettings, warnings: [String]) {
        var settings = TUISettings()
        let node: Node?
        do {
            node = try Yams.compose(yaml: text)
        } catch {
            return (settings, ["\(path) does not read as YAML: the explorer uses its defaults"])
        }
        guard let mapping = node?.mapping else { return (settings, []) }
        var warnings: [String] = []
        for (key, value) in mapping {
            let location = "\(path):\(value.mark?.line ?? 0):\(value.mark?.column ?? 0)"
            switch key.string {
            case "mouse":
                if let flag = value.bool {
                    settings.mouse = flag
                } else {
                    warnings.append("\(location): mouse must be true or false")
                }
            case "theme":
                if let name = value.string, Theme.builtInNames.contains(name) {
                    settings.theme = name
                } else {
                    warnings.append(
                        "\(location): theme must be one of \(Theme.builtInNames.joined(separator: ", "))")
                }
            default:
                continue  // other parts of apix read the rest (`history:`)
            }
        }
        return (settings, warnings)
    }
}
