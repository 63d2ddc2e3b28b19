/// One row of the key map: the single table that drives `update`, the help screen, the status bar hints and
/// the README's key table, so they cannot disagree.
package struct KeyBinding: Sendable, Hashable {
    package var context: KeyContext
    package var keys: [Key]
    package var command: KeyCommand
    package var help: String
    /// Short label for the status bar, when the binding deserves a hint there.
    var hint: String?

    package init(_ context: KeyContext, _ keys: [Key], _ command: KeyCommand, _ help: String, hint: String? = nil) {
        self.context = context
        self.keys = keys
        self.command = command
        self.help = help
        self.hint = hint
    }

    /// `Enter / Ctrl-R` style.
    var keyLabel: String { keys.map(\.label).joined(separator: " / ") }
}
