/// The colours of a theme, by what they mean. The built-in themes are here; a theme file (`ThemeFile`) starts
/// from one and changes some. Colours beyond what the terminal shows are fitted by the backend
/// (`Style.Color.fitted`).
package struct Palette: Equatable, Sendable {
    package var accent: Style.Color
    package var border: Style.Color
    package var focusedBorder: Style.Color
    package var error: Style.Color
    package var ok: Style.Color
    package var warning: Style.Color
    package var key: Style.Color
    package var string: Style.Color
    package var number: Style.Color
    /// `true`, `false` and `null` in JSON.
    package var literal: Style.Color
    package var selectionForeground: Style.Color
    package var selectionBackground: Style.Color
    package var matchForeground: Style.Color
    package var matchBackground: Style.Color
    package var informational: Style.Color
    package var redirect: Style.Color
    /// GET, POST, PUT, PATCH, DELETE, and every other method.
    package var get: Style.Color
    package var post: Style.Color
    package var put: Style.Color
    package var patch: Style.Color
    package var delete: Style.Color
    package var otherMethod: Style.Color

    func method(_ name: String) -> Style.Color {
        switch name {
        case "GET": get
        case "POST": post
        case "PUT": put
        case "PATCH": patch
        case "DELETE": delete
        default: otherMethod
        }
    }

    /// The names a theme file gives colours by, and where each goes (computed: key paths are not `Sendable`).
    static var roles: [(name: String, path: WritableKeyPath<Palette, Style.Color>)] {
        [
            ("accent", \.accent), ("border", \.border), ("focused_border", \.focusedBorder), ("error", \.error),
            ("ok", \.ok), ("warning", \.warning), ("key", \.key), ("string", \.string), ("number", \.number),
            ("literal", \.literal), ("selection_foreground", \.selectionForeground),
            ("selection_background", \.selectionBackground), ("match_foreground", \.matchForeground),
            ("match_background", \.matchBackground), ("informational", \.informational), ("redirect", \.redirect),
            ("get", \.get), ("post", \.post), ("put", \.put), ("patch", \.patch), ("delete", \.delete),
            ("other_method", \.otherMethod),
        ]
    }

    /// For dark backgrounds, in the eight ANSI colours every colour terminal has (apix's colours before themes).
    package static let dark = Palette(
        accent: .cyan, border: .blue, focusedBorder: .cyan, error: .red, ok: .green, warning: .yellow, key: .cyan,
        string: .green, number: .yellow, literal: .magenta, selectionForeground: .black, selectionBackground: .white,
        matchForeground: .black, matchBackground: .yellow, informational: .blue, redirect: .cyan, get: .green,
        post: .yellow, put: .blue, patch: .magenta, delete: .red, otherMethod: .cyan)

    /// For light backgrounds: darker tones of the 256-colour palette (yellow and cyan do not read on white).
    package static let light = Palette(
        accent: .indexed(25), border: .indexed(244), focusedBorder: .indexed(25), error: .indexed(160),
        ok: .indexed(28), warning: .indexed(130), key: .indexed(25), string: .indexed(28), number: .indexed(130),
        literal: .indexed(90), selectionForeground: .indexed(231), selectionBackground: .indexed(25),
        matchForeground: .indexed(16), matchBackground: .indexed(229), informational: .indexed(25),
        redirect: .indexed(30), get: .indexed(28), post: .indexed(130), put: .indexed(25), patch: .indexed(90),
        delete: .indexed(160), otherMethod: .indexed(30))

    /// The bright colours, white borders and a yellow selection: for low vision and washed-out screens.
    package static let highContrast = Palette(
        accent: .indexed(14), border: .indexed(15), focusedBorder: .indexed(11), error: .indexed(9),
        ok: .indexed(10), warning: .indexed(11), key: .indexed(14), string: .indexed(10), number: .indexed(11),
        literal: .indexed(13), selectionForeground: .black, selectionBackground: .indexed(11),
        matchForeground: .black, matchBackground: .indexed(14), informational: .indexed(12), redirect: .indexed(14),
        get: .indexed(10), post: .indexed(11), put: .indexed(12), patch: .indexed(13), delete: .indexed(9),
        otherMethod: .indexed(14))
}
