import ExplorerCore

/// The request editor: tabs, rows, field editing, and saving drafts to the profile.
extension AppState {
    mutating func performEditor(_ command: KeyCommand) -> [Effect] {
        guard let key = selectedKey, var draft = draft(for: key) else {
            switch command {
            case .moveUp, .moveDown: break
            case .editValue, .editName, .addRow, .editBody, .editURL, .editMethod, .chooseBodyType:
                // Keys that open a field or a picker: what is typed next must not run as commands.
                refuseTyping("select an endpoint to edit its request")
            default: message = StatusMessage("select an endpoint to edit its request")
            }
            return []
        }
        var rows = draft.rows(editorTab)
        switch command {
        case .previousTab: selectTab(EditorTab(rawValue: (editorTab.rawValue + 3) % 4)!)
        case .nextTab: selectTab(EditorTab(rawValue: (editorTab.rawValue + 1) % 4)!)
        case .selectTab(let tab): selectTab(tab)
        case .moveUp: editorRow = max(0, editorRow - 1)
        case .moveDown: editorRow = min(max(0, rows.count - 1), editorRow + 1)
        case .editValue, .editName:
            if editorTab == .body { return editBody(key, draft) }
            guard rows.indices.contains(editorRow) else { return performEditor(.addRow) }
            let row = rows[editorRow]
            let part: FieldEdit.Part = command == .editName ? .name : .value
            fieldEdit = FieldEdit(
                tab: editorTab, row: editorRow, part: part, field: LineEditor(part == .name ? row.name : row.value),
                isNewRow: false)
        case .addRow:
            if editorTab == .body { return editBody(key, draft) }
            rows.append(DraftRow(name: "", value: ""))
            draft.setRows(rows, for: editorTab)
            drafts[key] = draft
            editorRow = rows.count - 1
            fieldEdit = FieldEdit(tab: editorTab, row: editorRow, part: .name, field: LineEditor(), isNewRow: true)
        case .deleteRow:
            guard rows.indices.contains(editorRow) else { return [] }
            rows.remove(at: editorRow)
            draft.setRows(rows, for: editorTab)
            drafts[key] = draft
            editorRow = min(editorRow, max(0, rows.count - 1))
        case .toggleRow:
            guard rows.indices.contains(editorRow) else { return [] }
            rows[editorRow].enabled.toggle()
            draft.setRows(rows, for: editorTab)
            drafts[key] = draft
        case .editBody:
            return editBody(key, draft)
        case .editURL:
            fieldEdit = FieldEdit(tab: editorTab, row: 0, part: .url, field: LineEditor(draft.urlLine), isNewRow: false)
        case .editMethod:
            let current = Picker.methods.firstIndex(of: draft.method.rawValue) ?? 0
            overlay = .picker(Picker(.method, key: key, selected: current))
        case .chooseBodyType:
            let choice = draft.body.map { BodyTypeChoice(kind: $0.kind) } ?? BodyTypeChoice.none
            overlay = .picker(Picker(.bodyType, key: key, selected: Picker.bodyTypes.firstIndex(of: choice) ?? 0))
        default:
            break
        }
        return []
    }

    mutating func selectTab(_ tab: EditorTab) {
        editorTab = tab
        editorRow = 0
    }

    mutating func handleFieldKey(_ key: Key) -> [Effect] {
        guard var edit = fieldEdit, let endpointKey = selectedKey, var draft = draft(for: endpointKey) else {
            fieldEdit = nil
            return []
        }
        if edit.asksDiscard {
            // The answer to "discard your change?": y discards (a new row goes), any other key is spent going back
            // to the text.
            edit.asksDiscard = false
            guard key == .character("y") || key == .character("Y") else {
                fieldEdit = edit
                return []
            }
            fieldEdit = nil
            var rows = draft.rows(edit.tab)
            if edit.isNewRow, rows.indices.contains(edit.row) {
                rows.remove(at: edit.row)
                draft.setRows(rows, for: edit.tab)
                drafts[endpointKey] = draft
                editorRow = max(0, min(editorRow, rows.count - 1))
            }
            return []
        }
        if key == .escape, edit.isChanged {
            edit.asksDiscard = true
            fieldEdit = edit
            return []
        }
        if edit.part == .url || edit.part == .method {
            return handleRequestLineKey(key, edit: edit, endpointKey: endpointKey, draft: draft)
        }
        var rows = draft.rows(edit.tab)
        guard rows.indices.contains(edit.row) else {
            fieldEdit = nil
            return []
        }
        switch key {
        case .escape:
            if edit.isNewRow {
                rows.remove(at: edit.row)
                draft.setRows(rows, for: edit.tab)
                drafts[endpointKey] = draft
                editorRow = max(0, min(editorRow, rows.count - 1))
            }
            fieldEdit = nil
        case .enter, .tab:
            let text = edit.field.text
            switch edit.part {
            case .name:
                guard !text.trimmingCharacters(in: .whitespaces).isEmpty else {
                    message = StatusMessage("a name is needed", isError: true)
                    return []
                }
                rows[edit.row].name = text.trimmingCharacters(in: .whitespaces)
            case .value:
                rows[edit.row].value = text
                rows[edit.row].enabled = true
            case .url, .method:
                break  // handled by `handleRequestLineKey`
            }
            draft.setRows(rows, for: edit.tab)
            drafts[endpointKey] = draft
            if edit.part == .name && edit.isNewRow {
                edit.part = .value
                edit.field = LineEditor(rows[edit.row].value)
                edit.original = edit.field.text
                fieldEdit = edit
            } else {
                fieldEdit = nil
            }
        default:
            edit.field.handle(key)
            fieldEdit = edit
        }
        return []
    }

    /// The method or URL field: Enter keeps what was typed (a method must be one of `HTTPMethod.known`; a
    /// profile names others with `custom_method: true`), and the path's new `{placeholders}` get rows.
    private mutating func handleRequestLineKey(
        _ key: Key, edit: FieldEdit, endpointKey: EndpointKey, draft: RequestDraft
    ) -> [Effect] {
        var edit = edit
        var draft = draft
        switch key {
        case .escape:
            fieldEdit = nil
        case .enter, .tab:
            let text = edit.field.text.trimmingCharacters(in: .whitespaces)
            if edit.part == .method {
                guard let method = HTTPMethod(rawValue: text), method.isKnown || method == selectedEndpoint?.method
                else {
                    message = StatusMessage(
                        "unknown method \(text); one of \(HTTPMethod.known.joined(separator: ", ")) "
                            + "(a profile names others with `custom_method: true`)", isError: true)
                    return []
                }
                draft.method = method
            } else {
                guard !text.isEmpty else {
                    message = StatusMessage("a path or URL is needed", isError: true)
                    return []
                }
                draft.setPathAndQuery(text)
                let placeholders = Endpoint(id: "", path: Template(text)).placeholders
                for name in placeholders where !draft.params.contains(where: { $0.name == name }) {
                    draft.params.append(DraftRow(name: name, value: "", enabled: false))
                }
            }
            drafts[endpointKey] = draft
            fieldEdit = nil
        default:
            edit.field.handle(key)
            fieldEdit = edit
        }
        return []
    }

    /// `s`: writes the selected profile's edits and the endpoints meant for it (not one-off requests: `O` keeps
    /// one).
    mutating func saveProfile() -> [Effect] {
        guard let profile = selectedProfile else { return [] }
        var edited = profile
        var written: Set<EndpointKey> = []
        // Variables edited in the environment view are in `edited` already (its `variableLayers`).
        let variablesEdited = variableBaselines[profile.id] != nil
        for (index, endpoint) in profile.endpoints.enumerated() {
            let key = EndpointKey(profile: profile.id, endpoint: endpoint.id)
            guard !oneOffs.contains(key) else { continue }
            // A new endpoint is saved as `s` saves edits even when unedited: a one-off's JSON text as structure.
            let isNew = newEndpoints.contains(key)
            guard let draft = drafts[key] ?? (isNew ? RequestDraft(endpoint: endpoint) : nil),
                isNew || draft != RequestDraft(endpoint: endpoint)
            else { continue }
            edited.endpoints[index] = draft.savedEndpoint(from: endpoint)
            written.insert(key)
        }
        edited.endpoints.removeAll { oneOffs.contains(EndpointKey(profile: profile.id, endpoint: $0.id)) }
        guard !written.isEmpty || variablesEdited else {
            let hasOneOffs = oneOffs.contains { $0.profile == profile.id }
            message = StatusMessage(
                "no edits to save in \(profile.id)" + (hasOneOffs ? " (O keeps a one-off request)" : ""))
            return []
        }
        return save(edited, writing: written)
    }
}
