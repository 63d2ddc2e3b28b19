import Foundation
import Yams

/// The user's theme file, `$XDG_CONFIG_HOME/apix/theme.yaml` (else `~/.config/apix/theme.yaml`):
///
/// ```yaml
/// base: light            # dark (default), light or high-contrast
/// colors:
///   accent: "#5fafff"    # #rrggbb, an index 0–255, or a name (red, bright-red, …, default)
///   get: 34
/// ```
///
/// A file that does not read is refused whole: the explorer uses the default theme and says where the file is
/// wrong (`path:line:column: …`). Reading the text needs only Yams (so `scripts/fuzz.sh` compiles this file into its
/// `ThemeFile` target); finding and loading the file is `ThemeFile+Loading.swift`.
package enum ThemeFile {
    package struct Problem: Error, Equatable {
        package var message: String
    }

    /// Reads a theme file's text (`path` names it in messages).
    package static func parse(_ text: String, path: String, base: Palette = .dark) -> Result<Palette, Problem> {
        func at(_ node: Node?) -> String {
            guard let mark = node?.mark else { return path }
            return "\(path):\(mark.line):\(mark.column)"
        }
        let root: Node?
        do {
            root = try Yams.compose(yaml: text)
        } catch let error as YamlError {
            return .failure(Problem(message: "\(path): not YAML: \(error)"))
        } catch {
            return .failure(Problem(message: "\(path): not YAML: \(error)"))
        }
        guard let root else { return .success(base) }
        guard let mapping = root.mapping else {
            return .failure(Problem(message: "\(at(root)): a theme file is a mapping (base:, colors:)"))
        }
        var palette = base
        if let name = mapping["base"] {
            guard let string = name.string, let builtIn = Theme.builtIn(string) else {
                return .failure(
                    Problem(message: "\(at(name)): base must be one of \(Theme.builtInNames.joined(separator: ", "))"))
            }
            palette = builtIn
        }
        for (key, _) in mapping where !["base", "colors"].contains(key.string ?? "") {
            return .failure(Problem(message: "\(at(key)): unknown key `\(key.string ?? "?")` (base, colors)"))
        }
        guard let colors = mapping["colors"] else { return .success(palette) }
        guard let entries = colors.mapping else {
            return .failure(Problem(message: "\(at(colors)): colors must be a mapping of role: colour"))
        }
        for (key, value) in entries {
            let name = key.string ?? ""
            guard let role = Palette.roles.first(where: { $0.name == name }) else {
                let known = Palette.roles.map(\.name).joined(separator: ", ")
                return .failure(Problem(message: "\(at(key)): unknown colour role `\(name)` (\(known))"))
            }
            guard let color = color(value.string ?? "") else {
                return .failure(
                    Problem(
                        message: "\(at(value)): colors.\(name): `\(value.string ?? "")` is not a colour "
                            + "(#rrggbb, 0–255, or a name such as cyan or bright-red)"))
            }
            palette[keyPath: role.path] = color
        }
        return .success(palette)
    }

    private static let names = ["black", "red", "green", "yellow", "blue", "magenta", "cyan", "white"]

    /// `#rrggbb`, an index 0–255, a colour name (`bright-` for 8–15), or `default` (the terminal's own). Digits only:
    /// `Int` alone takes a sign, so `+5` was magenta and `#-00001` white (fuzzed).
    static func color(_ text: String) -> Style.Color? {
        let text = text.trimmingCharacters(in: .whitespaces).lowercased()
        if text == "default" { return .terminal }
        if !text.isEmpty, text.unicodeScalars.allSatisfy({ ("0"..."9").contains($0) }), let index = Int(text) {
            return (0...255).contains(index) ? .indexed(index) : nil
        }
        if let index = names.firstIndex(of: text) { return .indexed(index) }
        if text.hasPrefix("bright-"), let index = names.firstIndex(of: String(text.dropFirst(7))) {
            return .indexed(index + 8)
        }
        let hex = text.unicodeScalars.dropFirst()
        guard text.hasPrefix("#"), hex.count == 6, hex.allSatisfy(\.properties.isASCIIHexDigit),
            let value = Int(String(hex), radix: 16)
        else { return nil }
        return .rgb(UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF))
    }
}
