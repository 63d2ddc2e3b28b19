/// Which pane has the keyboard.
package enum Focus: Hashable, Sendable, CaseIterable {
    case list, editor, response
}
