// Long file: the default key map is one table, read top to bottom (help, the palette and the README's key table are
// made from it).
/// Every key apix understands, by context: `bindings` are the defaults; a `KeyMap` value is the map in effect
/// (`standard`, or the defaults with `keys.yaml`'s changes, `KeyMapFile`).
package struct KeyMap: Sendable {
    static let bindings: [KeyBinding] = [
        // Everywhere (unless a text field or overlay has the key)
        KeyBinding(
            .global, [.enter, .control("r")], .send, "send the selected request (Enter edits in the editor)",
            hint: "send"),
        KeyBinding(
            .global, [.character("R")], .sendBypassingCache,
            "send bypassing the cache (ask the server even when a fresh answer is stored)"),
        KeyBinding(
            .global, [.escape, .control("c")], .cancel,
            "cancel the running request or login (a stream stops, keeping its events; a WebSocket session closes "
                + "with 1000); Esc otherwise steps back, Ctrl-C quits", hint: "cancel"),
        KeyBinding(.global, [.tab], .focusNext, "next pane: list → editor → response", hint: "pane"),
        KeyBinding(.global, [.backTab], .focusPrevious, "previous pane"),
        KeyBinding(.global, [.character("e")], .chooseEnvironment, "switch environment", hint: "env"),
        KeyBinding(
            .global, [.character("a")], .showAuth, "auth panel: token state, log in, refresh, log out",
            hint: "auth"),
        KeyBinding(.global, [.character("s")], .saveProfile, "save edits to the profile file"),
        KeyBinding(
            .global, [.character("o")], .oneOffRequest,
            "one-off request: type a URL (ws:// opens a WebSocket session) or paste a curl command line (no profile: the scratch profile); O keeps it"
        ),
        KeyBinding(
            .global, [.character("O")], .keepOneOff,
            "keep the selected one-off request: write it to its profile with an id from its method and path"),
        KeyBinding(.global, [.character("p")], .showProblems, "problems of broken profiles"),
        KeyBinding(.global, [.character("?"), .function(1)], .showHelp, "this help", hint: "help"),
        KeyBinding(
            .global, [.character("m")], .showMessage,
            "the status message and token state in full (the status bar says `m: more` when it cut them)"),
        KeyBinding(
            .global, [.character("v")], .showValues,
            "captured values of this profile and environment (`{{endpoint.name}}`): reveal, clear"),
        KeyBinding(
            .global, [.character("E")], .showVariables,
            "environment view: this profile and environment's variables, where each value comes from and which "
                + "wins; reveal, edit, add, delete, switch the secrets file", hint: "vars"),
        KeyBinding(
            .global, [.character("K")], .showCookies,
            "cookie jar of this profile and environment: reveal, delete a cookie, clear the jar"),
        KeyBinding(
            .global, [.character("H")], .showHistory,
            "history: the selected endpoint's recorded exchanges (`a` in it: everything's)", hint: "history"),
        KeyBinding(
            .global, [.character("q")], .quit, "quit (asks first when edits are unsaved or a transfer runs)",
            hint: "quit"),
        KeyBinding(
            .global, [.character("z")], .toggleZoom, "maximise the focused pane (z again: all panes; Tab moves on)"),
        KeyBinding(.global, [.character("\\")], .toggleList, "hide or show the endpoint list"),
        KeyBinding(.global, [.character("{")], .resizeList(-PaneLayout.step), "narrower list"),
        KeyBinding(.global, [.character("}")], .resizeList(PaneLayout.step), "wider list"),
        KeyBinding(.global, [.character("(")], .resizeEditor(-2), "shorter request editor (more response)"),
        KeyBinding(.global, [.character(")")], .resizeEditor(2), "taller request editor"),
        KeyBinding(
            .global, [.character("W")], .toggleWrap,
            "wrap long body lines at the pane's width (W again: one line each, h / l scroll sideways)"),
        KeyBinding(
            .global, [.control("p"), .character(":")], .showPalette,
            "command palette: every action by name, fuzzy-matched as you type; Enter runs it", hint: "commands"),

        // Endpoint list
        KeyBinding(.list, [.up, .character("k")], .moveUp, "previous row"),
        KeyBinding(.list, [.down, .character("j")], .moveDown, "next row"),
        KeyBinding(.list, [.pageUp], .pageUp, "page up"),
        KeyBinding(.list, [.pageDown], .pageDown, "page down"),
        KeyBinding(.list, [.home, .character("g")], .moveTop, "first row"),
        KeyBinding(.list, [.end, .character("G")], .moveBottom, "last row"),
        KeyBinding(.list, [.left, .character("h")], .collapse, "collapse a profile or folder"),
        KeyBinding(.list, [.right, .character("l")], .expand, "expand a profile or folder"),
        KeyBinding(.list, [.character(" ")], .activate, "toggle a profile or folder (never sends)"),
        KeyBinding(
            .list, [.character("/")], .startFilter,
            "find endpoints as you type: words in any order, each matching the method, path, id, name, folder or "
                + "description (`refunds post`), best first", hint: "find"),
        KeyBinding(
            .list, [.character("M")], .cycleMethodFilter,
            "list one method's endpoints (GET, then POST, … on each press, then all again)", hint: "method"),
        KeyBinding(.list, [.character("-")], .collapseAll, "fold every profile and folder"),
        KeyBinding(.list, [.character("+")], .expandAll, "unfold every profile and folder"),
        KeyBinding(
            .list, [.character("b")], .bench,
            "bench the endpoint: send it N times (or for a time), C at once, at a rate; live percentiles in the "
                + "response pane (Esc or q stops, keeping them)"),

        // Request editor
        KeyBinding(.editor, [.left, .character("[")], .previousTab, "previous tab"),
        KeyBinding(.editor, [.right, .character("]")], .nextTab, "next tab"),
        KeyBinding(.editor, [.character("1")], .selectTab(.params), "Params tab"),
        KeyBinding(.editor, [.character("2")], .selectTab(.query), "Query tab"),
        KeyBinding(.editor, [.character("3")], .selectTab(.headers), "Headers tab"),
        KeyBinding(.editor, [.character("4")], .selectTab(.body), "Body tab"),
        KeyBinding(.editor, [.up, .character("k")], .moveUp, "previous row"),
        KeyBinding(.editor, [.down, .character("j")], .moveDown, "next row"),
        KeyBinding(.editor, [.enter], .editValue, "edit the row's value (Body tab: edit the body)", hint: "edit"),
        KeyBinding(.editor, [.character("r")], .editName, "rename the row"),
        KeyBinding(.editor, [.character("+"), .insert], .addRow, "add a row", hint: "add"),
        KeyBinding(.editor, [.character("d"), .delete], .deleteRow, "delete the row"),
        KeyBinding(.editor, [.character(" ")], .toggleRow, "enable or disable the row", hint: "toggle"),
        KeyBinding(.editor, [.character("b")], .editBody, "edit the body ($EDITOR, else the built-in editor)"),
        KeyBinding(.editor, [.character("u")], .editURL, "edit the path or URL (s saves it)", hint: "url"),
        KeyBinding(
            .editor, [.character("M")], .editMethod,
            "change the method: a letter each, or c for any token (s saves it)", hint: "method"),
        KeyBinding(
            .editor, [.character("T")], .chooseBodyType,
            "body type: JSON, form, multipart, text, file or none (converts what it can)"),

        // Response
        KeyBinding(.response, [.up, .character("k")], .moveUp, "scroll up a line"),
        KeyBinding(.response, [.down, .character("j")], .moveDown, "scroll down a line"),
        KeyBinding(.response, [.pageUp], .pageUp, "page up"),
        KeyBinding(.response, [.pageDown, .character(" ")], .pageDown, "page down"),
        KeyBinding(.response, [.home, .character("g")], .moveTop, "top"),
        KeyBinding(.response, [.end, .character("G")], .moveBottom, "bottom"),
        KeyBinding(.response, [.character("h"), .character("<")], .scrollLeft, "scroll left (long lines)"),
        KeyBinding(.response, [.character("l"), .character(">")], .scrollRight, "scroll right"),
        KeyBinding(.response, [.left, .character("[")], .previousTab, "previous tab: body, headers, raw"),
        KeyBinding(.response, [.right, .character("]")], .nextTab, "next tab"),
        KeyBinding(.response, [.character("1")], .selectResponseTab(.body), "Body tab"),
        KeyBinding(.response, [.character("2")], .selectResponseTab(.headers), "Headers tab"),
        KeyBinding(.response, [.character("3")], .selectResponseTab(.raw), "Raw tab"),
        KeyBinding(
            .response, [.character("4")], .selectResponseTab(.request),
            "Request tab: the request as it went (request line, headers on the wire, body)"),
        KeyBinding(
            .response, [.character("5")], .selectResponseTab(.connection),
            "Connection tab: address, new or reused, HTTP version, ALPN, TLS, certificates"),
        KeyBinding(
            .response, [.character("V")], .toggleReveal, "Request tab: show secrets in clear (V again masks them)"),
        KeyBinding(.response, [.character("y")], .copyBody, "copy the body (OSC 52, and xclip or wl-copy)"),
        KeyBinding(.response, [.character("U")], .copyURL, "copy the URL"),
        KeyBinding(.response, [.character("Y")], .copyHeader, "copy the header at the match (else the top one shown)"),
        KeyBinding(
            .response, [.character("C")], .copyCurl,
            "copy the request as a curl command line (secrets as ${NAME} unless V shows them)"),
        KeyBinding(.response, [.character("/")], .startSearch, "search", hint: "search"),
        KeyBinding(.response, [.character("n")], .nextMatch, "next match"),
        KeyBinding(
            .response, [.character("J")], .jumpToViolation,
            "show the next schema violation (GraphQL error, from the Errors tab) at its place in the body"),
        KeyBinding(.response, [.character("N")], .previousMatch, "previous match"),
        KeyBinding(
            .response, [.character("w")], .saveBody,
            "write the body to a file (WebSocket: the frames kept, then every later one, as JSON lines)",
            hint: "save body"),
        KeyBinding(
            .response, [.character("f")], .startBodyFilter,
            "filter the JSON body with a JSONPath query as you type (Esc: the whole body)"),
        KeyBinding(
            .response, [.character("i")], .composeMessage,
            "WebSocket: compose a message; Enter sends it (text), the composer stays open for the next"),
        KeyBinding(
            .response, [.character("I")], .composeMultilineMessage,
            "WebSocket: write a multi-line message in the editor; Ctrl-S sends it as one text message"),
        KeyBinding(
            .response, [.character("S")], .sendSavedMessage,
            "WebSocket: send a saved message (`messages:`), picked by name"),
        KeyBinding(
            .response, [.character("r")], .reconnect, "WebSocket: reconnect (close with 1000, open a new session)"),

        KeyBinding(.response, [.character("b")], .bench, "bench the endpoint again (the form opens)"),

        // Text fields
        KeyBinding(.textField, [.enter], .confirm, "accept", hint: "accept"),
        KeyBinding(.textField, [.escape], .close, "cancel", hint: "cancel"),
        KeyBinding(.textField, [.left, .right, .home, .end], .editText, "move the cursor (also Ctrl-A / Ctrl-E)"),
        KeyBinding(.textField, [.wordLeft, .wordRight], .editText, "jump a word (also Alt-B / Alt-F)"),
        KeyBinding(.textField, [.backspace, .delete], .editText, "delete before / at the cursor"),
        KeyBinding(
            .textField, [.control("u"), .control("k"), .control("w")], .editText,
            "delete to start / to end / the word before"),
        KeyBinding(.textField, [.control("z"), .control("y")], .editText, "undo / redo the last change"),

        // Body editor
        KeyBinding(.bodyEditor, [.control("s")], .confirm, "check and keep the body", hint: "keep"),
        KeyBinding(
            .bodyEditor, [.escape], .close, "leave; with changes it asks first (y discards them, any other key stays)",
            hint: "leave"),
        KeyBinding(
            .bodyEditor, [.up, .down, .left, .right, .home, .end, .pageUp, .pageDown], .editText,
            "move the cursor"),
        KeyBinding(.bodyEditor, [.wordLeft, .wordRight], .editText, "jump a word"),
        KeyBinding(
            .bodyEditor, [.control("z")], .undo,
            "undo the last change (a run of typing, a paste, a line split or joined)",
            hint: "undo"),
        KeyBinding(.bodyEditor, [.control("y")], .redo, "redo what undo took back"),
        KeyBinding(
            .bodyEditor, [.control("f")], .formatJSON,
            "JSON: indent the body (or GraphQL variables) two spaces a level; values and key order as written; undo "
                + "takes it back",
            hint: "format"),
        KeyBinding(
            .bodyEditor, [.control("o")], .pickSchemaValue,
            "pick the value of the field under the cursor from those its request schema allows", hint: "values"),
        KeyBinding(
            .bodyEditor, [.control("g")], .fetchSchema,
            "GraphQL: fetch the endpoint's schema by introspection (kept as `apix graphql schema` keeps it)"),
        KeyBinding(
            .bodyEditor, [.control("t")], .browseSchema,
            "GraphQL: browse the schema (types, fields, arguments; / searches, Enter goes to a field's type, Esc back)"),
        KeyBinding(
            .bodyEditor, [.tab], .complete,
            "GraphQL: complete the field, argument, enum value, type or $variable at the cursor (else indent)"),
        KeyBinding(
            .bodyEditor, [.control("v")], .editVariables,
            "GraphQL: edit the variables as JSON in place of the query (again: back to the query)"),

        // Method picker and body-type picker
        KeyBinding(.methodPicker, [.character("g")], .pickMethod("GET"), "GET"),
        KeyBinding(.methodPicker, [.character("p")], .pickMethod("POST"), "POST"),
        KeyBinding(.methodPicker, [.character("u")], .pickMethod("PUT"), "PUT"),
        KeyBinding(.methodPicker, [.character("a")], .pickMethod("PATCH"), "PATCH"),
        KeyBinding(.methodPicker, [.character("d")], .pickMethod("DELETE"), "DELETE"),
        KeyBinding(.methodPicker, [.character("h")], .pickMethod("HEAD"), "HEAD"),
        KeyBinding(.methodPicker, [.character("o")], .pickMethod("OPTIONS"), "OPTIONS"),
        KeyBinding(
            .methodPicker, [.character("c")], .customMethod,
            "type any method token (saved with `custom_method: true` when it is not a standard one)", hint: "other"),
        KeyBinding(.methodPicker, [.up, .character("k")], .moveUp, "previous method"),
        KeyBinding(.methodPicker, [.down, .character("j")], .moveDown, "next method"),
        KeyBinding(.methodPicker, [.enter], .choose, "use the highlighted method", hint: "choose"),
        KeyBinding(.methodPicker, [.escape, .character("q")], .close, "keep the method", hint: "close"),
        KeyBinding(.bodyTypePicker, [.character("j")], .pickBodyType(.json), "JSON (from form fields: an object)"),
        KeyBinding(.bodyTypePicker, [.character("f")], .pickBodyType(.form), "form fields (from a flat JSON object)"),
        KeyBinding(.bodyTypePicker, [.character("m")], .pickBodyType(.multipart), "multipart fields (@path: a file)"),
        KeyBinding(.bodyTypePicker, [.character("t")], .pickBodyType(.text), "text (any body becomes text)"),
        KeyBinding(.bodyTypePicker, [.character("@")], .pickBodyType(.file), "a file sent as it is (@path)"),
        KeyBinding(.bodyTypePicker, [.character("n")], .pickBodyType(.none), "no body"),
        KeyBinding(.bodyTypePicker, [.up, .character("k")], .moveUp, "previous type"),
        KeyBinding(.bodyTypePicker, [.down], .moveDown, "next type"),
        KeyBinding(.bodyTypePicker, [.enter], .choose, "use the highlighted type", hint: "choose"),
        KeyBinding(.bodyTypePicker, [.escape, .character("q")], .close, "keep the type", hint: "close"),

        // Auth panel
        KeyBinding(.auth, [.character("l")], .login, "log in (get a new token)", hint: "log in"),
        KeyBinding(.auth, [.character("r")], .refreshToken, "refresh the token now", hint: "refresh"),
        KeyBinding(.auth, [.character("o")], .logout, "log out (forget the token)", hint: "log out"),
        KeyBinding(
            .auth, [.escape, .character("a"), .character("q")], .close,
            "close (Esc first cancels a login or refresh waiting for the token server)", hint: "close"),

        // Environment picker
        KeyBinding(.environments, [.up, .character("k")], .moveUp, "previous environment"),
        KeyBinding(.environments, [.down, .character("j")], .moveDown, "next environment"),
        KeyBinding(.environments, [.enter], .choose, "use this environment", hint: "choose"),
        KeyBinding(
            .environments, [.character("v"), .character("E")], .showVariables,
            "use this environment and open its variables (environment view)", hint: "variables"),
        KeyBinding(.environments, [.escape, .character("e"), .character("q")], .close, "close", hint: "close"),

        // Environment view
        KeyBinding(.variables, [.up, .character("k")], .moveUp, "previous variable"),
        KeyBinding(.variables, [.down, .character("j")], .moveDown, "next variable"),
        KeyBinding(
            .variables, [.enter, .character("r")], .reveal, "reveal or mask a secret value (masked again on close)",
            hint: "reveal"),
        KeyBinding(
            .variables, [.character("e")], .editVariable,
            "edit the value where it wins (a secret stays in its secrets file)", hint: "edit"),
        KeyBinding(
            .variables, [.character("+"), .character("a"), .insert], .addVariable,
            "add a variable where t says (asks its name, then its value)", hint: "add"),
        KeyBinding(
            .variables, [.character("d"), .delete], .deleteVariable,
            "delete the value that wins (the next one down then wins)", hint: "delete"),
        KeyBinding(
            .variables, [.character("S")], .moveVariable,
            "move the value between the profile file and the secrets file (secret there, plain in the profile)",
            hint: "move"),
        KeyBinding(
            .variables, [.character("t")], .cycleVariableTarget,
            "where added variables go: this environment or the whole profile, the profile file or the secrets file",
            hint: "target"),
        KeyBinding(
            .variables, [.character("f")], .chooseSecretsFile,
            "secrets file: ID.secrets.yaml alone, or a dotenv file beside the profile over it (as --env-file)",
            hint: "secrets file"),
        KeyBinding(
            .variables, [.character("s")], .saveProfile, "save the edits in place (profile file, secrets file 0600)",
            hint: "save"),
        KeyBinding(.variables, [.escape, .character("E"), .character("q")], .close, "close", hint: "close"),

        // Bench form
        KeyBinding(
            .benchForm, [.enter], .confirm,
            "start the bench (more than 1,000 requests to another machine asks first: y sends them)", hint: "start"),
        KeyBinding(.benchForm, [.tab, .down], .moveDown, "next field", hint: "next"),
        KeyBinding(.benchForm, [.backTab, .up], .moveUp, "previous field"),
        KeyBinding(.benchForm, [.escape], .close, "close without sending", hint: "close"),

        // Help and problems
        KeyBinding(.help, [.up], .moveUp, "scroll up"),
        KeyBinding(.help, [.down], .moveDown, "scroll down"),
        KeyBinding(.help, [.pageUp], .pageUp, "page up"),
        KeyBinding(.help, [.pageDown], .pageDown, "page down"),
        KeyBinding(
            .help, [.escape, .character("?"), .function(1)], .close,
            "close (Esc first clears the search; ? types itself into a search)", hint: "close"),
        KeyBinding(
            .help, [.backspace], .editText,
            "type to search: only keys whose description, key or section matches stay (the focused pane's first)",
            hint: "type to search"),

        // Command palette
        KeyBinding(.palette, [.up, .control("p")], .moveUp, "previous action"),
        KeyBinding(.palette, [.down, .control("n")], .moveDown, "next action"),
        KeyBinding(
            .palette, [.enter], .confirm, "run the action (no action matches: find endpoints by the text)", hint: "run"),
        KeyBinding(.palette, [.escape], .close, "close", hint: "close"),
        KeyBinding(
            .palette, [.backspace], .editText,
            "type to find an action by its description, name, key or pane (`save`, `copy curl`, `tab headers`)",
            hint: "type to find"),
        KeyBinding(.problems, [.up, .character("k")], .moveUp, "scroll up"),
        KeyBinding(.problems, [.down, .character("j")], .moveDown, "scroll down"),
        KeyBinding(.problems, [.escape, .character("p"), .character("q")], .close, "close", hint: "close"),

        // Values view
        KeyBinding(.values, [.up, .character("k")], .moveUp, "previous value"),
        KeyBinding(.values, [.down, .character("j")], .moveDown, "next value"),
        KeyBinding(.values, [.enter, .character("r")], .reveal, "reveal or hide a masked value", hint: "reveal"),
        KeyBinding(.values, [.character("d"), .delete], .forgetValue, "clear the value", hint: "clear"),
        KeyBinding(
            .values, [.character("D")], .forgetAllValues, "clear every value of this profile and environment",
            hint: "clear all"),
        KeyBinding(.values, [.escape, .character("v"), .character("q")], .close, "close", hint: "close"),

        // Cookie view
        KeyBinding(.cookies, [.up, .character("k")], .moveUp, "previous cookie"),
        KeyBinding(.cookies, [.down, .character("j")], .moveDown, "next cookie"),
        KeyBinding(.cookies, [.enter, .character("r")], .reveal, "reveal or hide the value", hint: "reveal"),
        KeyBinding(.cookies, [.character("d"), .delete], .deleteCookie, "delete the cookie", hint: "delete"),
        KeyBinding(
            .cookies, [.character("D")], .clearCookies, "clear the jar (asks first: y clears, any other key keeps)",
            hint: "clear jar"),
        KeyBinding(.cookies, [.character("y")], .confirm, "clear the jar, once D has asked"),
        KeyBinding(.cookies, [.escape, .character("K"), .character("q")], .close, "close", hint: "close"),

        // Message window and the quit question
        KeyBinding(.message, [.escape, .character("m"), .character("q")], .close, "close", hint: "close"),
        KeyBinding(
            .quitQuestion, [.character("y"), .character("q"), .control("c")], .confirm,
            "quit, losing what the question names", hint: "quit"),
        KeyBinding(.quitQuestion, [.character("s")], .saveProfile, "stay and save the selected profile", hint: "save"),
        KeyBinding(.quitQuestion, [.escape, .character("n")], .close, "stay (so does any other key)", hint: "stay"),

        // History window
        KeyBinding(.history, [.up, .character("k")], .moveUp, "previous entry (in a diff: scroll up)"),
        KeyBinding(.history, [.down, .character("j")], .moveDown, "next entry (in a diff: scroll down)"),
        KeyBinding(
            .history, [.enter], .choose, "show that old response in the response pane, marked with its age",
            hint: "show"),
        KeyBinding(.history, [.character("r")], .resend, "send that exact request again", hint: "resend"),
        KeyBinding(.history, [.character(" ")], .markEntry, "mark or unmark the entry (two to compare)", hint: "mark"),
        KeyBinding(
            .history, [.character("d")], .diff, "compare the two marked entries (or the marked and the selected)",
            hint: "diff"),
        KeyBinding(.history, [.character("a")], .toggleHistoryScope, "this endpoint's history or everything's"),
        KeyBinding(
            .history, [.escape, .character("H"), .character("q")], .close, "close (in a diff: back)", hint: "close"),
        KeyBinding(
            .restoreQuestion, [.character("y"), .character("r")], .confirm, "restore the edits as unsaved drafts",
            hint: "restore"),
        KeyBinding(
            .restoreQuestion, [.character("n"), .character("d")], .close, "let them go (the journal is removed)",
            hint: "discard"),
    ]

    /// The bindings in effect.
    package let bindings: [KeyBinding]
    /// Key → command per context, built once from `bindings`.
    let table: [KeyContext: [Key: KeyCommand]]

    /// The defaults.
    package static let standard = KeyMap(bindings: bindings)

    /// The command `key` means in `context` by default (`standard`).
    package static func command(for key: Key, in context: KeyContext) -> KeyCommand? {
        standard.command(for: key, in: context)
    }

    static func bindings(in context: KeyContext) -> [KeyBinding] {
        standard.bindings(in: context)
    }

    /// Status bar hints for a context by default (`standard`).
    static func hints(for context: KeyContext) -> [(key: String, label: String)] {
        standard.hints(for: context)
    }
}

extension KeyMap {
    /// The key table of the README's "Using the TUI" section (a test checks the README holds exactly this).
    /// The `action` column is the name `keys.yaml` rebinds it by (`KeyCommand.name`).
    static func markdownTable(of map: KeyMap = .standard) -> String {
        var lines = ["| where | keys | action | what |", "|---|---|---|---|"]
        for context in KeyContext.allCases {
            for binding in map.bindings(in: context) {
                let keys = binding.keys.map { "`\($0.label == "|" ? "\\|" : $0.label)`" }.joined(separator: " ")
                let action = binding.command == .editText ? "" : "`\(binding.command.name)`"
                lines.append(
                    "| \(context.title) | \(keys) | \(action) | \(binding.help.replacingOccurrences(of: "|", with: "\\|")) |"
                )
            }
        }
        return lines.joined(separator: "\n")
    }
}
