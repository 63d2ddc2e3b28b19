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
    /// The text when the edit began: Esc leaves at once only when nothing differs from it.
    var original: String
    /// Esc was pressed with a change: `y` lets it go, any other key goes on editing.
    var asksDiscard = false

    init(tab: EditorTab, row: Int, part: Part, field: LineEditor, isNewRow: Bool) {
        self.tab = tab
        self.row = row
        self.part = part
        self.field = field
        self.isNewRow = isNewRow
        self.original = field.text
    }

    /// Whether Esc would lose something: the text differs from what the field began with, or a new row has its
    /// name already.
    var isChanged: Bool { field.text != original || (isNewRow && part == .value) }
}

extension FieldEdit.Part {
    /// How the discard question names the field.
    var word: String {
        switch self {
        case .name: "name"
        case .value: "value"
        case .url: "path"
        case .method: "method"
        }
    }
}
