import ExplorerCore

/// The environment view: which secrets file is in use and where added variables go, then one row per variable
/// (name, value, where it comes from, what it overrides), secrets masked unless revealed; the field being typed
/// (a secret's value shown as `•`), or the secrets-file choice; the keys at the bottom.
enum VariablesView {
    static func draw(
        _ state: AppState, view: VariablesViewState, in screen: Rect, theme: Theme, on buffer: inout ScreenBuffer
    ) {
        guard let profile = state.selectedProfile else { return }
        let environment = state.environmentName(for: profile)
        let rows = state.variableRows
        let listed = view.secretsFiles?.files.count ?? max(rows.count, 1)
        let width = min(120, screen.width - 4)
        let height = min(screen.height - 2, listed + 7)
        let rect = screen.centered(width: width, height: height)
        BoxView.draw(
            rect, title: SafeText.escape("Environment · \(profile.id) · \(environment)"), focused: true, theme: theme,
            on: &buffer)
        let inner = rect.inset(1)
        guard inner.height >= 4, inner.width > 20 else { return }
        let secrets = "\(profile.id).secrets.yaml" + (profile.variableLayers.addedEnvFile.map { " + \($0)" } ?? "")
        let target = view.target.place(environment: environment).label
        buffer.write(
            SafeText.escape("secrets: \(secrets) (f)   added variables go to: \(target) (t)"), x: inner.x + 1,
            y: inner.y, limit: inner.maxX, style: theme.muted)
        drawFooter(state, view: view, in: inner, theme: theme, on: &buffer)
        let body = Rect(x: inner.x, y: inner.y + 1, width: inner.width, height: inner.height - 3)
        if let choice = view.secretsFiles {
            drawChoice(choice, profile: profile, in: body, theme: theme, on: &buffer)
            return
        }
        guard !rows.isEmpty else {
            buffer.write(
                "No variables in this environment: + adds one.", x: body.x + 1, y: body.y, limit: body.maxX,
                style: theme.muted)
            return
        }
        let columns = self.columns(rows, width: body.width - 2)
        var x = body.x + 1
        for (label, column) in zip(["name", "value", "from", "overrides"], columns) {
            buffer.write(label, x: x, y: body.y, limit: body.maxX, style: theme.muted)
            x += column + 2
        }
        let visible = body.height - 1
        let top = max(0, view.selected - visible + 1)
        for (line, index) in (top..<min(rows.count, top + visible)).enumerated() {
            let row = rows[index]
            let y = body.y + 1 + line
            let cells = [
                SafeText.escape(row.name), row.shownValue(revealed: view.revealed.contains(row.name)),
                SafeText.escape(row.source), SafeText.escape(row.overrides),
            ]
            var x = body.x + 1
            for (position, (cell, column)) in zip(cells, columns).enumerated() {
                let style =
                    position == 1 && row.isSecret ? theme.warning : position >= 2 ? theme.muted : theme.plain
                buffer.write(TextWidth.truncate(cell, to: column), x: x, y: y, limit: body.maxX, style: style)
                x += column + 2
            }
            if index == view.selected {
                buffer.restyle(Rect(x: body.x, y: y, width: body.width, height: 1)) { $0.reverse = true }
            }
        }
    }

    /// The field being typed (its question first), else the unsaved count; then the keys.
    private static func drawFooter(
        _ state: AppState, view: VariablesViewState, in inner: Rect, theme: Theme, on buffer: inout ScreenBuffer
    ) {
        let y = inner.maxY - 2
        if let field = view.field {
            let question: String
            switch field.purpose {
            case .edit(let name, let place): question = "{{\(name)}} in \(place.label)"
            case .newName: question = "name of the new variable"
            case .newValue(let name, let place): question = "{{\(name)}} in \(place.label)"
            }
            let x = buffer.write(
                SafeText.escape(question) + ": ", x: inner.x + 1, y: y, limit: inner.maxX, style: theme.accent)
            let width = max(1, inner.maxX - x - 1)
            guard field.masked else {
                RequestEditorView.drawField(field.editor, x: x, y: y, width: width, theme: theme, on: &buffer)
                return drawHints(state, view: view, in: inner, theme: theme, on: &buffer)
            }
            // Typed unseen: one `•` per character shown, the cursor where it is.
            let visible = field.editor.visible(columns: width)
            let before = field.editor.characters.prefix(field.editor.cursor).count
            buffer.fill(Rect(x: x, y: y, width: width, height: 1), style: theme.selectedUnfocused.with(reverse: false))
            buffer.write(String(repeating: "•", count: visible.text.count), x: x, y: y, limit: x + width)
            EndpointListView.markCursor(
                x: x + min(before, visible.cursor), y: y, limit: x + width, theme: theme, on: &buffer)
        } else if let profile = state.selectedProfile, state.variableBaselines[profile.id] != nil {
            let count = state.unsavedVariableNames.filter { $0.hasPrefix(profile.id + " ") }.count
            buffer.write(
                "✎ \(Units.count(count, "variable")) edited, not saved: s saves (used by sends already)",
                x: inner.x + 1, y: y, limit: inner.maxX, style: theme.warning)
        }
        drawHints(state, view: view, in: inner, theme: theme, on: &buffer)
    }

    private static func drawHints(
        _ state: AppState, view: VariablesViewState, in inner: Rect, theme: Theme, on buffer: inout ScreenBuffer
    ) {
        let context: KeyContext = view.field != nil ? .textField : .variables
        let hints =
            view.secretsFiles != nil
            ? "↑↓ choose   Enter use it   Esc back"
            : state.keyMap.hints(for: context).map { "\($0.key) \($0.label)" }.joined(separator: "   ")
        buffer.write(hints, x: inner.x + 1, y: inner.maxY - 1, limit: inner.maxX, style: theme.accent)
    }

    private static func drawChoice(
        _ choice: SecretsFileChoice, profile: Profile, in rect: Rect, theme: Theme, on buffer: inout ScreenBuffer
    ) {
        buffer.write(
            "Which file supplies secrets (a dotenv file's names win over every other definition):", x: rect.x + 1,
            y: rect.y, limit: rect.maxX, style: theme.muted)
        let current = profile.variableLayers.addedEnvFile
        for (index, file) in choice.files.prefix(rect.height - 1).enumerated() {
            let y = rect.y + 1 + index
            let mark = file == current ? "● " : "  "
            let label = file.map { "\($0) over \(profile.id).secrets.yaml" } ?? "\(profile.id).secrets.yaml alone"
            buffer.write(mark + SafeText.escape(label), x: rect.x + 1, y: y, limit: rect.maxX, style: theme.plain)
            if index == choice.selected {
                buffer.restyle(Rect(x: rect.x, y: y, width: rect.width, height: 1)) { $0.reverse = true }
            }
        }
    }

    /// Widths of the name, value, source and overrides columns: names and sources as wide as they need (up to a
    /// share of the width), the value the rest.
    static func columns(_ rows: [VariableLayers.Row], width: Int) -> [Int] {
        // Each column at least its heading's width, and the value takes what is left of exactly that: computed from
        // the narrower unclamped widths, it pushed `overrides` off the window.
        let name = max(4, min(rows.map { TextWidth.width(of: $0.name) }.max() ?? 4, max(4, width / 4)))
        let source = max(4, min(rows.map { TextWidth.width(of: $0.source) }.max() ?? 4, max(4, width / 4)))
        let over = max(9, min(rows.map { TextWidth.width(of: $0.overrides) }.max() ?? 9, max(9, width / 4)))
        let value = max(4, width - name - source - over - 6)
        return [name, value, source, over]
    }
}
