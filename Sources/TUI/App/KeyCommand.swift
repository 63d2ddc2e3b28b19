/// What a key means in a context; `update` performs commands, the key map binds keys to them.
package enum KeyCommand: Hashable, Sendable {
    // Global
    case quit, showHelp, send, cancel, focusNext, focusPrevious
    /// Send asking the server even when the cache holds a fresh answer (then store the new one).
    case sendBypassingCache
    case chooseEnvironment, showAuth, saveProfile, showProblems
    /// Send a URL or a pasted curl command line as a new endpoint of the selected profile.
    case oneOffRequest
    /// Keep the selected one-off request: write it to its profile (the scratch profile when none was selected).
    case keepOneOff
    /// The status message and token state in full, when the status bar had to cut them.
    case showMessage
    /// The values view: captured values of the selected profile and environment.
    case showValues
    // Layout: maximise the focused pane, hide the list, move the splits, wrap long body lines.
    case toggleZoom, toggleList, toggleWrap
    case resizeList(Int)
    case resizeEditor(Int)
    /// The command palette: every action by name, fuzzy-matched, run with Enter.
    case showPalette
    // Moving in lists and text
    case moveUp, moveDown, pageUp, pageDown, moveTop, moveBottom
    // Endpoint list
    case activate, collapse, expand, startFilter, clearFilter
    /// Fold or unfold every profile and folder at once.
    case collapseAll, expandAll
    /// List only one method's endpoints (each press: the next method in use, then all).
    case cycleMethodFilter
    /// The bench form for the selected endpoint: send it many times, live percentiles in the response pane.
    case bench
    // Request editor
    case previousTab, nextTab
    case selectTab(EditorTab)
    case editValue, editName, addRow, deleteRow, toggleRow, editBody, editURL, editMethod
    /// The body-type picker (`T`).
    case chooseBodyType
    /// In the body editor: the values the request schema allows for the field under the cursor, one written.
    case pickSchemaValue
    /// In the body editor of a GraphQL query: fetch its endpoint's schema by introspection.
    case fetchSchema
    /// In the body editor of a GraphQL query: the schema browser (types, fields, arguments; search; jump to a type).
    case browseSchema
    /// In the body editor: complete the name at the cursor from the GraphQL schema (else indent).
    case complete
    /// In the body editor of a GraphQL query: its variables as JSON in place of the query, and back.
    case editVariables
    /// In the body editor: indent a JSON body (or GraphQL variables) two spaces a level, its values as written.
    case formatJSON
    /// In the body editor: take back the last change, and make it again.
    case undo, redo
    // Method and body-type pickers
    case pickMethod(String)
    case customMethod
    case pickBodyType(BodyTypeChoice)
    // Response
    case startSearch, nextMatch, previousMatch, saveBody, scrollLeft, scrollRight
    /// A JSONPath filter on the body, shown as you type.
    case startBodyFilter
    /// Show the next schema violation at its place in the body.
    case jumpToViolation
    // WebSocket session (the response pane of a `protocol: websocket` endpoint)
    /// The composer: a message typed and sent with Enter.
    case composeMessage
    /// The built-in editor for a multi-line message; Ctrl-S sends its text as one text message.
    case composeMultilineMessage
    /// Send one of the endpoint's saved messages (`messages:`), picked by name.
    case sendSavedMessage
    /// Close the session (1000) and open it again.
    case reconnect
    // Values view
    case reveal, forgetValue, forgetAllValues
    // Cookie view
    case showCookies, deleteCookie, clearCookies
    /// The environment view: the variables of the selected profile and environment, where each comes from.
    case showVariables
    // Environment view
    case editVariable, addVariable, deleteVariable
    /// Move the selected value between the profile file and the secrets file, at its level.
    case moveVariable
    /// Where added variables go: this environment or the profile, the profile file or the secrets file.
    case cycleVariableTarget
    /// Which secrets file supplies secrets: `ID.secrets.yaml` alone, or a dotenv file beside the profile over it.
    case chooseSecretsFile
    case selectResponseTab(ResponseTab)
    /// Show the Request tab's secrets in clear, or masked again.
    case toggleReveal
    case copyBody, copyURL, copyHeader, copyCurl
    // Auth panel
    case login, refreshToken, logout
    // History window
    case showHistory, toggleHistoryScope, markEntry, diff, resend
    // Overlays, prompts and text fields
    case close, confirm, choose
    /// Text editing keys (handled by the field itself); listed so help shows them.
    case editText
}
