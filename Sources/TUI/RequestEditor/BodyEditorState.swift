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
