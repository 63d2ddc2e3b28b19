/// A window over the panes that takes the keyboard until closed.
public enum Overlay: Hashable, Sendable {
    case help(top: Int)
    case auth
    case environments(selected: Int)
    case problems(top: Int)
    case bodyEditor(BodyEditorState)
    case prompt(Prompt)
}

/// The built-in body editor over an endpoint's body.
public struct BodyEditorState: Hashable, Sendable {
    public var key: EndpointKey
    public var kind: BodyDraft.Kind
    public var editor: TextEditor
    /// The last validation error (with line and column), shown until the next check.
    public var error: String?

    public init(key: EndpointKey, kind: BodyDraft.Kind, text: String, error: String? = nil) {
        self.key = key
        self.kind = kind
        self.editor = TextEditor(text)
        self.error = error
    }
}

/// A one-line question in the status bar (file to save a body to, new row name).
public struct Prompt: Hashable, Sendable {
    public enum Purpose: Hashable, Sendable {
        case saveBody(transfer: Int)
    }

    public var purpose: Purpose
    public var title: String
    public var field: LineEditor

    public init(purpose: Purpose, title: String, text: String) {
        self.purpose = purpose
        self.title = title
        self.field = LineEditor(text)
    }
}

/// A row field being edited in the request editor.
public struct FieldEdit: Hashable, Sendable {
    public enum Part: Hashable, Sendable {
        case name, value
    }

    public var tab: EditorTab
    public var row: Int
    public var part: Part
    public var field: LineEditor
    /// A new row: Enter on its name moves on to its value; Esc removes it.
    public var isNewRow: Bool
}

/// A message in the status bar until the next key.
public struct StatusMessage: Hashable, Sendable {
    public var text: String
    public var isError: Bool

    public init(_ text: String, isError: Bool = false) {
        self.text = text
        self.isError = isError
    }
}

/// The response pane's own state: tab, scroll, search.
public struct ResponseViewState: Hashable, Sendable {
    /// The transfer whose result is shown; when the shown transfer changes, the rest resets.
    public var transfer: Int?
    public var tab: ResponseTab = .body
    public var top: Int = 0
    /// Display columns scrolled off the left edge (long lines are cut at the pane's width, not wrapped).
    public var left: Int = 0
    public var query: String = ""
    /// The search field while typing a query.
    public var searchField: LineEditor?
    public var matchLine: Int?
    public var searching = false

    public init() {}
}
