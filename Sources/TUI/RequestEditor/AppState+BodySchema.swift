import ExplorerCore

/// The request schema's hints in the body editor (issue 32): for a JSON, form or multipart body whose endpoint names
/// `request_schema:`, the field under the cursor (its type, whether it is required, its description, the values it
/// allows) on the editor's last line, required fields marked in the gutter, and `Ctrl-O` offering the allowed values
/// of the field under the cursor, the one taken written in place of its value.
struct BodySchemaHints {
    let guide: SchemaFieldGuide
    let form: Bool
    /// The fields named on each editor line, from the first line through the last one asked for.
    let lines: [[BodyFieldPath]]

    /// The field under the cursor and what the schema says of it (nil: it says nothing of it).
    func cursor(_ editor: TextEditor) -> (path: BodyFieldPath, field: SchemaFieldGuide.Field?)? {
        guard lines.indices.contains(editor.row),
            let found = BodyFieldPath.field(at: editor.column, in: lines[editor.row])
        else { return nil }
        return (found, guide.field(at: found.path))
    }

    /// Whether line `row` names a field its schema requires (marked in the gutter).
    func namesRequired(_ row: Int) -> Bool {
        guard lines.indices.contains(row) else { return false }
        return lines[row].contains { guide.field(at: $0.path)?.isRequired == true }
    }

    /// The names the body's root requires and the text does not write, in the schema's order.
    var missing: [String] {
        let written = Set(lines.joined().filter { $0.path.count == 1 }.map { $0.path[0] })
        return guide.requiredNames(at: []).filter { !written.contains($0) }
    }

    /// The hint line, not yet escaped: the field under the cursor, else the schema's name and what the body lacks.
    func line(_ editor: TextEditor, pickKey: String?) -> String {
        if let (path, field) = cursor(editor) {
            guard let field else {
                return "\(path.path.joined(separator: ".")): not in schema \(guide.name)"
            }
            var text = field.summary
            if !field.allowed.isEmpty, let pickKey { text += "  (\(pickKey) picks)" }
            return text
        }
        let missing = self.missing
        return "schema \(guide.name)"
            + (missing.isEmpty
                ? ": every required field is written"
                : " · missing required: "
                    + missing.joined(separator: ", "))
    }
}

extension AppState {
    /// The request schema's hints for the body being edited, its lines read through `last`; nil when its endpoint
    /// names no request schema (or one no schema has), for a message being written, or a body of another kind.
    func bodySchemaHints(_ editor: BodyEditorState, through last: Int) -> BodySchemaHints? {
        guard editor.webSocketExchange == nil else { return nil }
        let form: Bool
        switch editor.kind {
        case .json: form = false
        case .form, .multipart: form = true
        case .text, .file, .graphql: return nil
        }
        guard let profile = profiles.first(where: { $0.id == editor.key.profile }),
            let name = profile.endpoint(editor.key.endpoint)?.requestSchema,
            let guide = SchemaFieldGuide(schema: name, schemas: profile.schemas)
        else { return nil }
        return BodySchemaHints(
            guide: guide, form: form, lines: BodyFieldPath.fields(editor.editor.lines, form: form, through: last))
    }

    /// `Ctrl-O`: the values the schema allows for the field under the cursor, or why there are none.
    mutating func openSchemaValuePicker(_ state: inout BodyEditorState) {
        guard let hints = bodySchemaHints(state, through: state.editor.row) else {
            message = StatusMessage("no request schema for this body: `request_schema:` names one", isError: true)
            return
        }
        guard let (path, field) = hints.cursor(state.editor) else {
            message = StatusMessage("no field under the cursor", isError: true)
            return
        }
        let name = SafeText.escape(path.path.joined(separator: "."))
        guard let field, !field.allowed.isEmpty else {
            message = StatusMessage("`\(name)`: schema \(SafeText.escape(hints.guide.name)) lists no values for it")
            return
        }
        guard let columns = path.value else {
            message = StatusMessage("`\(name)`: its value is not on this line", isError: true)
            return
        }
        let current = String(state.editor.lines[state.editor.row][columns])
        let picker = SchemaValuePicker(
            field: path.path.joined(separator: "."), values: field.allowed, row: state.editor.row, columns: columns,
            form: hints.form)
        var chosen = picker
        chosen.selected = field.allowed.firstIndex { picker.written($0) == current } ?? 0
        state.valuePicker = chosen
    }

    /// The value picker's keys: arrows (PgUp/PgDn, Home/End) move, Enter writes the value in place of the field's,
    /// Esc closes; other keys do nothing while it is open.
    mutating func handleSchemaValuePickerKey(_ key: Key, _ state: BodyEditorState) -> [Effect] {
        var state = state
        guard var picker = state.valuePicker else { return [] }
        let count = picker.values.count
        // Plain keys, as the custom method field reads them: the picker is a moment inside the editor.
        switch key {
        case .up: picker.selected = (picker.selected + count - 1) % count
        case .down: picker.selected = (picker.selected + 1) % count
        case .pageUp: picker.selected = max(0, picker.selected - 10)
        case .pageDown: picker.selected = min(count - 1, picker.selected + 10)
        case .home: picker.selected = 0
        case .end: picker.selected = count - 1
        case .enter:
            let text = picker.written(picker.values[picker.selected])
            state.editor.replace(row: picker.row, columns: picker.columns, with: text)
            state.valuePicker = nil
            message = StatusMessage(
                picker.title == nil
                    ? "\(SafeText.escape(picker.field)) = \(SafeText.escape(text))"
                    : "completed \(SafeText.escape(text))")
            overlay = .bodyEditor(state)
            return []
        case .escape:
            state.valuePicker = nil
            overlay = .bodyEditor(state)
            return []
        default:
            break
        }
        state.valuePicker = picker
        overlay = .bodyEditor(state)
        return []
    }
}
