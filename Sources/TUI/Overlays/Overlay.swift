/// A window over the panes that takes the keyboard until closed.
package enum Overlay: Hashable, Sendable {
    case help(top: Int)
    case auth
    case environments(selected: Int)
    case problems(top: Int)
    case bodyEditor(BodyEditorState)
    case prompt(Prompt)
    /// The status message and the token state in full (`m`), as they were when it opened.
    case message([String])
    /// `q` with something to lose: what would be lost, until `y` / `q` quits or another key stays.
    case quitQuestion(QuitQuestion)
    /// The values captured for the selected profile and environment (`v`).
    case values(ValuesViewState)
    /// The cookie jar of the selected profile and environment (`K`).
    case cookies(CookiesViewState)
    /// The history window (`H`).
    case history(HistoryPanel)
    /// At start, edits the last session did not save: `y` restores them, `n` lets them go.
    case restoreQuestion(RestoreQuestion)
    /// The method picker (`M`) or the body-type picker (`T`).
    case picker(Picker)
    /// The command palette (`Ctrl-P`, `:`).
    // Indirect: a palette opened over a window holds that window (`PaletteState.window`).
    indirect case palette(PaletteState)
    /// The environment view (`E`): the variables of the selected profile and environment.
    case variables(VariablesViewState)
    /// The bench form (`b`): requests, connections, rate; Enter starts the run.
    case benchForm(BenchForm)
}
