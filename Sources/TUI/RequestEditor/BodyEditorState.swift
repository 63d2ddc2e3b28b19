/// The built-in body editor over an endpoint's body.
package struct BodyEditorState: Hashable, Sendable {
    package var key: EndpointKey
    package var kind: BodyDraft.Kind
    package var editor: TextEditor
    /// The last validation error (with line and column), shown until the next check.
    package var error: String?

    package init(key: EndpointKey, kind: BodyDraft.Kind, text: String, error: String? = nil) {
        self.key = key
        self.kind = kind
        self.editor = TextEditor(text)
        self.error = error
    }
}
