import ExplorerCore

/// Styles for everything the views draw, in the colours of a `Palette` (a built-in theme or the user's theme
/// file) or, with `NO_COLOR` or a monochrome terminal, with attributes only (bold, reverse, underline), so nothing
/// depends on colour alone.
package struct Theme: Sendable {
    package let colors: Bool
    package let palette: Palette

    package init(colors: Bool, palette: Palette = .dark) {
        self.colors = colors
        self.palette = palette
    }

    package static let color = Theme(colors: true)
    package static let monochrome = Theme(colors: false)

    /// The built-in themes, by the name `theme:` in the config file and `base:` in a theme file take.
    package static let builtInNames = ["dark", "light", "high-contrast"]

    package static func builtIn(_ name: String) -> Palette? {
        switch name {
        case "dark": .dark
        case "light": .light
        case "high-contrast": .highContrast
        default: nil
        }
    }

    private func pick(_ color: Style, _ mono: Style) -> Style { colors ? color : mono }

    package var plain: Style { .plain }
    var muted: Style { Style(dim: true) }
    var border: Style { pick(Style(palette.border), Style(dim: true)) }
    var focusedBorder: Style { pick(Style(palette.focusedBorder, bold: true), Style(bold: true)) }
    package var title: Style { Style(bold: true) }
    package var selected: Style { Style(reverse: true) }
    var selectedUnfocused: Style {
        pick(Style(palette.selectionForeground, on: palette.selectionBackground), Style(underline: true))
    }
    package var error: Style { pick(Style(palette.error, bold: true), Style(bold: true)) }
    package var ok: Style { pick(Style(palette.ok), Style()) }
    package var warning: Style { pick(Style(palette.warning, bold: true), Style(bold: true)) }
    var accent: Style { pick(Style(palette.accent), Style(bold: true)) }
    var statusBar: Style { Style(reverse: true) }
    var activeTab: Style {
        pick(Style(palette.accent, bold: true, underline: true), Style(bold: true, underline: true))
    }
    var searchMatch: Style { pick(Style(palette.matchForeground, on: palette.matchBackground), Style(reverse: true)) }
    package var cursor: Style { Style(reverse: true) }
    package var running: Style { pick(Style(palette.warning, bold: true), Style(bold: true)) }

    package func method(_ method: HTTPMethod) -> Style {
        guard colors else { return Style(bold: true) }
        return Style(palette.method(method.rawValue), bold: true)
    }

    package func status(_ statusClass: StatusClass) -> Style {
        guard colors else {
            return statusClass.isFailure ? Style(bold: true, reverse: true) : Style(bold: true)
        }
        switch statusClass {
        case .informational: return Style(palette.informational, bold: true)
        case .success: return Style(palette.ok, bold: true)
        case .redirect: return Style(palette.redirect, bold: true)
        case .clientFailure: return Style(palette.warning, bold: true)
        case .serverFailure: return Style(palette.error, bold: true)
        }
    }

    package func role(_ role: TextRole) -> Style {
        switch role {
        case .plain: return .plain
        case .muted: return muted
        case .key: return pick(Style(palette.key), Style(bold: true))
        case .string: return pick(Style(palette.string), .plain)
        case .number: return pick(Style(palette.number), .plain)
        case .bool: return pick(Style(palette.literal), .plain)
        case .null: return pick(Style(palette.literal, dim: true), Style(dim: true))
        case .punctuation: return .plain
        case .passed: return ok
        case .failed: return error
        }
    }

    /// One style per timing phase, with a distinct fill character so the waterfall reads without colour.
    package func phase(_ index: Int) -> (style: Style, fill: Character) {
        let phases: [(Style.Color, Character)] = [
            (palette.literal, "░"), (palette.warning, "▒"), (palette.error, "▓"), (palette.informational, "▪"),
            (palette.accent, "▓"), (palette.ok, "█"),
        ]
        let (color, fill) = phases[index % phases.count]
        return (colors ? Style(color) : .plain, fill)
    }
}
