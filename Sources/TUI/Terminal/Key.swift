/// A decoded key press, independent of curses: what `update` and the key map work with.
package enum Key: Hashable, Sendable {
    case character(Character)
    /// Ctrl plus a letter, given in lower case (`.control("r")` is Ctrl-R).
    case control(Character)
    case up, down, left, right
    case home, end, pageUp, pageDown
    case insert, delete, backspace
    case enter, tab, backTab, escape
    /// Ctrl-Left / Alt-B and Ctrl-Right / Alt-F.
    case wordLeft, wordRight
    case function(Int)

    /// How the key is written in help and hints.
    package var label: String {
        switch self {
        case .character(" "): "Space"
        case .character(let c): String(c)
        case .control(let c): "Ctrl-" + String(c).uppercased()
        case .up: "↑"
        case .down: "↓"
        case .left: "←"
        case .right: "→"
        case .home: "Home"
        case .end: "End"
        case .pageUp: "PgUp"
        case .pageDown: "PgDn"
        case .insert: "Ins"
        case .delete: "Del"
        case .backspace: "Backspace"
        case .enter: "Enter"
        case .tab: "Tab"
        case .backTab: "Shift-Tab"
        case .escape: "Esc"
        case .wordLeft: "Ctrl-←"
        case .wordRight: "Ctrl-→"
        case .function(let n): "F\(n)"
        }
    }

    /// A printable character typed into a text field.
    var typedCharacter: Character? {
        if case .character(let c) = self { return c }
        return nil
    }
}
