/// The command palette (`Ctrl-P`, `:`): what is typed, which entry is selected, and the pane that had the focus.
package struct PaletteState: Hashable, Sendable {
    package var field = LineEditor()
    package var selected = 0
    /// The pane focused when the palette opened: its actions come first.
    var focused: KeyContext

    init(focused: KeyContext) {
        self.focused = focused
    }
}

/// The help window's search (`?`, then type) and the context whose keys it lists first.
struct HelpState: Hashable, Sendable {
    var search = LineEditor()
    /// The focused pane when help opened (nil: none).
    var first: KeyContext?
}
