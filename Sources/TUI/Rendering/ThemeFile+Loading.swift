import ExplorerHistory
import Foundation

/// Where the theme file is (next to the config file) and the palette it gives. Apart from `ThemeFile`'s reading,
/// which needs no ExplorerHistory (GRDB): the fuzz target compiles that alone.
extension ThemeFile {
    package static func path(environment: [String: String]) -> String {
        let config = (HistorySettings.configPath(environment: environment) as NSString).deletingLastPathComponent
        return (config as NSString).appendingPathComponent("theme.yaml")
    }

    /// The palette to draw with: the theme file's when there is one and it reads, else the built-in `named`
    /// (else the default); `problem` says why a theme file was not used.
    package static func palette(named: String, environment: [String: String]) -> (
        palette: Palette, problem: String?
    ) {
        let base = Theme.builtIn(named) ?? .dark
        let path = path(environment: environment)
        guard FileManager.default.fileExists(atPath: path) else { return (base, nil) }
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
            return (.dark, "\(path): cannot be read as UTF-8 text; using the default theme")
        }
        switch parse(text, path: path, base: base) {
        case .success(let palette): return (palette, nil)
        case .failure(let problem): return (.dark, problem.message + "; using the default theme")
        }
    }
}
