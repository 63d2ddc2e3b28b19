import ExplorerCore

/// Styles for everything the views draw, in colour or, with `NO_COLOR` or a monochrome terminal, with
/// attributes only (bold, reverse, underline), so nothing depends on colour alone.
package struct Theme: Sendable {
    package let colors: Bool

    package init(colors: Bool) {
        self.colors = colors
    }

    package static let color = Theme(colors: true)
    package static let monochrome = Theme(colors: false)

    private func pick(_ color: Style, _ mono: Style) -> Style { colors ? color : mono }

    package var plain: Style { .plain }
    var muted: Style { Style(dim: true) }
    var border: Style { pick(Style(.blue), Style(dim: true)) }
    var focusedBorder: Style { pick(Style(.cyan, bold: true), Style(bold: true)) }
    package var title: Style { Style(bold: true) }
    package var selected: Style { Style(reverse: true) }
    var selectedUnfocused: Style { pick(Style(.black, on: .white), Style(underline: true)) }
    package var error: Style { pick(Style(.red, bold: true), Style(bold: true)) }
    package var ok: Style { pick(Style(.green), Style()) }
    package var warning: Style { pick(Style(.yellow, bold: true), Style(bold: true)) }
    var accent: Style { pick(Style(.cyan), Style(bold: true)) }
    var statusBar: Style { Style(reverse: true) }
    var activeTab: Style { pick(Style(.cyan, bold: true, underline: true), Style(bold: true, underline: true)) }
    var searchMatch: Style { pick(Style(.black, on: .yellow), Style(reverse: true)) }
    package var cursor: Style { Style(reverse: true) }
    package var running: Style { pick(Style(.yellow, bold: true), Style(bold: true)) }

    package func method(_ method: HTTPMethod) -> Style {
        guard colors else { return Style(bold: true) }
        switch method.rawValue {
        case "GET": return Style(.green, bold: true)
        case "POST": return Style(.yellow, bold: true)
        case "PUT": return Style(.blue, bold: true)
        case "PATCH": return Style(.magenta, bold: true)
        case "DELETE": return Style(.red, bold: true)
        default: return Style(.cyan, bold: true)
        }
    }

    package func status(_ statusClass: StatusClass) -> Style {
        guard colors else {
            return statusClass.isFailure ? Style(bold: true, reverse: true) : Style(bold: true)
        }
        switch statusClass {
        case .informational: return Style(.blue, bold: true)
        case .success: return Style(.green, bold: true)
        case .redirect: return Style(.cyan, bold: true)
        case .clientFailure: return Style(.yellow, bold: true)
        case .serverFailure: return Style(.red, bold: true)
        }
    }

    package func role(_ role: TextRole) -> Style {
        switch role {
        case .plain: return .plain
        case .muted: return muted
        case .key: return pick(Style(.cyan), Style(bold: true))
        case .string: return pick(Style(.green), .plain)
        case .number: return pick(Style(.yellow), .plain)
        case .bool: return pick(Style(.magenta), .plain)
        case .null: return pick(Style(.magenta, dim: true), Style(dim: true))
        case .punctuation: return .plain
        case .passed: return ok
        case .failed: return error
        }
    }

    /// One style per timing phase, with a distinct fill character so the waterfall reads without colour.
    package func phase(_ index: Int) -> (style: Style, fill: Character) {
        let palette: [(Style.Color, Character)] = [
            (.magenta, "░"), (.yellow, "▒"), (.red, "▓"), (.blue, "▪"), (.cyan, "▓"), (.green, "█"),
        ]
        let (color, fill) = palette[index % palette.count]
        return (colors ? Style(color) : .plain, fill)
    }
}
