/// The built-in body editor over an endpoint's body.
package struct BodyEditorState: Hashable, Sendable {
    package var key: EndpointKey
    package var kind: BodyDraft.Kind
    package var editor: TextEditor
    /// The last validation error (with line and column), shown until the next check.
    package var error: String?
    /// The body as it was before this edit: Esc leaves at once only when nothing differs from it.
    package var original: String
    /// Esc was pressed with changes: `y` discards them, any other key goes on editing.
    package var asksDiscard = false
    /// Set when the editor writes a message for this WebSocket session (`I` in its conversation), not a body: Ctrl-S
    /// sends the text as one text message instead of keeping it.
    package var webSocketExchange: Int?
    /// The values the request schema allows for the field under the cursor (`Ctrl-O`), while they are offered.
    package var valuePicker: SchemaValuePicker?
    /// A GraphQL query's schema (`AppState+GraphQLSchema`), found when the editor first follows it.
    package var schemaKey: GraphQLSchemaKey?
    /// The text and schema last sent for checking, so a key that changed neither checks nothing.
    package var checkedText: String?
    package var checkedSchema: String?
    /// The problems the last check found in the query (line and column in it), shown under the text.
    package var graphQLProblems: [GraphQLQueryProblem] = []
    /// The schema browser, while it is open over the query (`Ctrl-T`).
    package var browser: GraphQLSchemaBrowser?
    /// Why the kept schema cannot check the query, when it cannot.
    package var graphQLUnusable: String?
    /// A GraphQL query's variables as JSON text, once `Ctrl-V` showed them (`AppState+GraphQLVariables`).
    package var variables: GraphQLVariablesEditor?

    package init(key: EndpointKey, kind: BodyDraft.Kind, text: String, error: String? = nil, original: String? = nil) {
        self.key = key
        self.kind = kind
        self.editor = TextEditor(text)
        self.error = error
        self.original = original ?? text
    }

    /// Whether the text differs from the body before the edit.
    var isChanged: Bool { editor.text != original || variables?.isChanged == true }

    /// Whether the variables are shown in place of the query.
    var showsVariables: Bool { variables?.isShown == true }
}
