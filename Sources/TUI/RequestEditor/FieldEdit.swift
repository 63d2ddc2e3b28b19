/// A row field being edited in the request editor.
struct FieldEdit: Hashable, Sendable {
    package enum Part: Hashable, Sendable {
        case name, value
        /// The endpoint's path or URL, and its method (not rows: `row` is unused).
        case url, method
    }

    package var tab: EditorTab
    package var row: Int
    package var part: Part
    package var field: LineEditor
    /// A new row: Enter on its name moves on to its value; Esc removes it.
    var isNewRow: Bool
}
