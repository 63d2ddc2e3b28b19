import ExplorerCore

/// The built-in multi-line body editor (used when `$EDITOR` is not set), with the validation error if any, and the
/// request schema's hints (`BodySchemaHints`): the field under the cursor on the last line, `*` in the gutter of a
/// line naming a required field, and the values `Ctrl-O` offers in a box under the cursor's line.
enum BodyEditorView {
    static func draw(
        _ editor: BodyEditorState, state: AppState, in screen: Rect, theme: Theme, on buffer: inout ScreenBuffer
    ) {
        let rect = screen.centered(width: screen.width - 4, height: screen.height - 2)
        let kind = editor.kind.name + (editor.kind.example.map { ": \($0)" } ?? "")
        let variablesKey = state.keyMap.keys(for: .editVariables, in: .bodyEditor).first?.label
        let title =
            if editor.webSocketExchange != nil {
                "Message (text) — Ctrl-S sends it as one message, Esc leaves (asks when typed)"
            } else if editor.showsVariables {
                "GraphQL variables (JSON) — Ctrl-S keeps, \(variablesKey ?? "Ctrl-V") the query, Esc leaves"
            } else if editor.kind.isGraphQL, let variablesKey {
                "Body (\(kind)) — Ctrl-S keeps, \(variablesKey) variables, Esc leaves (asks when changed)"
            } else {
                "Body (\(kind)) — Ctrl-S keeps, Esc leaves (asks when changed)"
            }
        BoxView.draw(rect, title: title, focused: true, theme: theme, on: &buffer)
        var inner = rect.inset(1)
        guard !inner.isEmpty else { return }
        if editor.asksDiscard {
            let split = inner.splitBottom(1)
            inner = split.rest
            buffer.write(
                editor.webSocketExchange == nil
                    ? " Discard your changes to the body? y discards, any other key goes on editing "
                    : " Discard the message? y discards, any other key goes on editing ",
                x: split.bottom.x + 1, y: split.bottom.y, limit: split.bottom.maxX,
                style: theme.warning.with(reverse: true))
        } else if let error = editor.error {
            let split = inner.splitBottom(1)
            inner = split.rest
            buffer.write(
                SafeText.escape(error), x: split.bottom.x + 1, y: split.bottom.y, limit: split.bottom.maxX,
                style: theme.error)
        }
        let showsVariables = editor.showsVariables
        let text = showsVariables ? editor.variables?.editor ?? editor.editor : editor.editor
        // Read through the last line shown (and the cursor's): the hints cost the text above it, not the whole.
        let hints =
            showsVariables ? nil : state.bodySchemaHints(editor, through: max(text.top + inner.height, text.row))
        if let hints, !editor.asksDiscard, editor.error == nil, inner.height > 2 {
            let split = inner.splitBottom(1)
            inner = split.rest
            let pickKey = state.keyMap.keys(for: .pickSchemaValue, in: .bodyEditor).first?.label
            buffer.write(
                TextWidth.truncate(SafeText.escape(hints.line(text, pickKey: pickKey)), to: split.bottom.width - 1),
                x: split.bottom.x + 1, y: split.bottom.y, limit: split.bottom.maxX, style: theme.muted)
        }
        // A GraphQL query: its problems against the schema (marked `!` in the gutter), or where the schema stands.
        let graphQL =
            showsVariables
            ? nil
            : GraphQLEditorLine.make(
                editor, status: editor.schemaKey.flatMap { state.graphQLSchemas[$0] },
                browseKey: state.keyMap.keys(for: .browseSchema, in: .bodyEditor).first?.label,
                fetchKey: state.keyMap.keys(for: .fetchSchema, in: .bodyEditor).first?.label)
        if showsVariables, !editor.asksDiscard, editor.error == nil, inner.height > 2 {
            // What the query declares, so the names and types to write are in sight.
            let split = inner.splitBottom(1)
            inner = split.rest
            buffer.write(
                TextWidth.truncate(
                    SafeText.escape(GraphQLVariablesEditor.declared(editor.editor.text)), to: split.bottom.width - 1),
                x: split.bottom.x + 1, y: split.bottom.y, limit: split.bottom.maxX, style: theme.muted)
        }
        if let graphQL, !editor.asksDiscard, editor.error == nil, inner.height > 2 {
            let split = inner.splitBottom(1)
            inner = split.rest
            buffer.write(
                TextWidth.truncate(SafeText.escape(graphQL.text), to: split.bottom.width - 1),
                x: split.bottom.x + 1, y: split.bottom.y, limit: split.bottom.maxX,
                style: graphQL.isError ? theme.error : theme.muted)
        }
        let gutter = 5
        if text.lines.count == 1, text.lines[0].isEmpty, let example = editor.kind.example {
            // An empty form or file body: how to write it, dimmed, where the first line goes.
            buffer.write(example, x: inner.x + gutter + 1, y: inner.y, limit: inner.maxX, style: theme.muted)
        }
        for row in 0..<inner.height {
            let number = text.top + row
            guard number < text.lines.count else { break }
            let y = inner.y + row
            buffer.write(
                TextWidth.pad(String(number + 1), to: gutter - 1), x: inner.x, y: y, limit: inner.maxX,
                style: theme.muted)
            if graphQL?.problemRows.contains(number) == true {
                buffer.write("!", x: inner.x + gutter - 1, y: y, limit: inner.maxX, style: theme.error)
            } else if hints?.namesRequired(number) == true {
                buffer.write("*", x: inner.x + gutter - 1, y: y, limit: inner.maxX, style: theme.warning)
            }
            buffer.write(SafeText.escape(String(text.lines[number])), x: inner.x + gutter, y: y, limit: inner.maxX)
            if number == text.row {
                EndpointListView.markCursor(
                    x: inner.x + gutter + text.cursorColumn, y: y, limit: inner.maxX,
                    theme: theme, on: &buffer)
            }
        }
        if let browser = editor.browser, let schema = editor.schemaKey.flatMap({ state.graphQLSchemas[$0]?.index }) {
            GraphQLSchemaBrowserView.draw(browser, schema: schema, in: rect, theme: theme, on: &buffer)
        }
        if let picker = editor.valuePicker {
            let cursorY = inner.y + picker.row - text.top
            drawPicker(picker, x: inner.x + gutter + 2, below: cursorY, in: inner, theme: theme, on: &buffer)
        }
    }
}

extension BodyEditorView {
    /// The values a field's schema allows, one a line, the highlighted one reversed: under the field's line when
    /// they fit there, else above it.
    static func drawPicker(
        _ picker: SchemaValuePicker, x: Int, below lineY: Int, in inner: Rect, theme: Theme,
        on buffer: inout ScreenBuffer
    ) {
        // A form's empty value (Stripe's `""`, "unset") would be a blank line: named instead.
        let shown =
            picker.labels.map { $0.map { SafeText.escape($0) } }
            ?? picker.values.map { value in
                let text = picker.written(value)
                return text.isEmpty ? "(empty)" : SafeText.escape(text)
            }
        let title = SafeText.escape(picker.title ?? "Values of " + picker.field)
        let width = min(
            max(TextWidth.width(of: title) + 6, (shown.map { TextWidth.width(of: $0) }.max() ?? 0) + 4),
            max(10, inner.maxX - x))
        let rows = min(shown.count, max(1, inner.height - 3))
        let height = rows + 2
        let y = lineY + 1 + height <= inner.maxY ? lineY + 1 : max(inner.y, lineY - height)
        let box = Rect(x: x, y: y, width: width, height: min(height, inner.maxY - y))
        buffer.fill(box, style: theme.plain)
        BoxView.draw(box, title: title, focused: true, theme: theme, on: &buffer)
        let list = box.inset(1)
        let first = max(0, picker.selected - list.height + 1)
        for (line, index) in (first..<shown.count).enumerated() where line < list.height {
            buffer.write(" " + shown[index], x: list.x, y: list.y + line, limit: list.maxX)
            if index == picker.selected {
                buffer.restyle(Rect(x: list.x, y: list.y + line, width: list.width, height: 1)) { $0.reverse = true }
            }
        }
    }
}
