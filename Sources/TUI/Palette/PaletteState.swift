/// The command palette (`Ctrl-P`, `:`): what is typed, which entry is selected, and the pane that had the focus.
package struct PaletteState: Hashable, Sendable {
    package var field = LineEditor()
    package var selected = 0
    /// The pane focused when the palette opened: its actions come first.
    var focused: KeyContext
    /// The window (auth, history, cookies, …) the palette was opened over: its actions come first, run in it, and
    /// Esc goes back to it.
    var window: Overlay?

    init(focused: KeyContext, window: Overlay? = nil) {
        self.focused = focused
        self.window = window
    }

    /// The key context of `window`'s own actions.
    var windowContext: KeyContext? { window.flatMap(Self.context(of:)) }

    /// Windows whose actions the palette runs: each acts on what the window shows.
    static func context(of overlay: Overlay) -> KeyContext? {
        switch overlay {
        case .auth: .auth
        case .values: .values
        case .history: .history
        case .cookies: .cookies
        case .problems: .problems
        case .environments: .environments
        case .variables: .variables
        default: nil
        }
    }
}

/// The help window's search (`?`, then type) and the context whose keys it lists first.
struct HelpState: Hashable, Sendable {
    var search = LineEditor()
    /// The focused pane when help opened (nil: none).
    var first: KeyContext?
}
