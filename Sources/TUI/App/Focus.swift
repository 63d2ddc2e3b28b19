/// Which pane has the keyboard.
public enum Focus: Hashable, Sendable, CaseIterable {
    case list, editor, response
}
