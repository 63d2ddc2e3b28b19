/// Where a key is pressed: the focused pane, an overlay, or a text field.
package enum KeyContext: String, CaseIterable, Hashable, Sendable {
    case global, list, editor, response, textField, bodyEditor, auth, environments, help, problems, message
    case quitQuestion, values, history, restoreQuestion, cookies, palette
    case methodPicker, bodyTypePicker, variables, benchForm

    package var title: String {
        switch self {
        case .global: "Everywhere"
        case .list: "Endpoint list"
        case .editor: "Request editor"
        case .response: "Response"
        case .textField: "Text fields (filter, search, row values)"
        case .bodyEditor: "Body editor"
        case .auth: "Auth panel"
        case .environments: "Environment picker"
        case .help: "Help"
        case .problems: "Problems"
        case .message: "Message window"
        case .quitQuestion: "Quit question (unsaved edits or running transfers)"
        case .values: "Values view (captured values)"
        case .history: "History window"
        case .restoreQuestion: "Restore question (unsaved edits of the last session, at start)"
        case .cookies: "Cookie view (the jar of this profile and environment)"
        case .methodPicker: "Method picker (M in the request editor)"
        case .bodyTypePicker: "Body-type picker (T in the request editor)"
        case .palette: "Command palette (type to find an action)"
        case .variables: "Environment view (E: variables of this profile and environment)"
        case .benchForm: "Bench form (b on an endpoint)"
        }
    }
}
