/// A window over the panes that takes the keyboard until closed.
public enum Overlay: Hashable, Sendable {
    case help(top: Int)
    case auth
    case environments(selected: Int)
    case problems(top: Int)
    case bodyEditor(BodyEditorState)
    case prompt(Prompt)
}
