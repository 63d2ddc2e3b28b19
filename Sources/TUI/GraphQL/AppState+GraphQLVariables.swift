import ExplorerCore

/// The GraphQL query editor's variables (`Ctrl-V`): the `graphql:` body's variables as JSON text in place of the
/// query, and back; `Ctrl-S` keeps both into the draft (`s` saves them into the profile as any edit), or, when the
/// variables are not a JSON object, shows them with the cursor where the JSON breaks.
extension AppState {
    /// `Ctrl-V`: the variables in place of the query, or the query back.
    mutating func toggleGraphQLVariables(_ state: inout BodyEditorState) {
        guard case .graphql(let body) = state.kind, state.webSocketExchange == nil else {
            message = StatusMessage("not a GraphQL query: no variables to edit", isError: true)
            return
        }
        if state.variables == nil {
            state.variables = GraphQLVariablesEditor(body.variables)
        } else {
            state.variables?.isShown.toggle()
        }
        state.error = nil
    }

    /// Takes edited variables into the body being edited (`state.kind`) and the endpoint's draft; the problem, to
    /// show, when they are not a JSON object (the variables shown, the cursor at the error).
    mutating func keepGraphQLVariables(_ state: inout BodyEditorState) -> String? {
        guard case .graphql(var body) = state.kind, let variables = state.variables, variables.isChanged else {
            return nil
        }
        do {
            body.variables = try GraphQLVariablesEditor.variables(variables.editor.text)
        } catch {
            state.variables?.isShown = true
            state.variables?.editor.place(row: error.line - 1, column: error.column - 1)
            state.variables?.editor.scrollIntoView(height: max(1, height - 8))
            return "variables: \(error)"
        }
        state.kind = .graphql(body)
        if var draft = draft(for: state.key), var draftBody = draft.body, case .graphql = draftBody.kind {
            draftBody.kind = .graphql(body)
            draft.body = draftBody
            drafts[state.key] = draft
        }
        return nil
    }
}
