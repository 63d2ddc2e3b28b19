import ExplorerCore

/// Draws a whole frame from the state: title, the three panes, the status bar and any overlay.
package enum Screen {
    package static func render(_ state: AppState, theme: Theme = .color) -> ScreenBuffer {
        var buffer = ScreenBuffer(width: state.width, height: state.height)
        let layout = state.layout
        if layout.isTooSmall {
            TooSmallView.draw(width: state.width, height: state.height, theme: theme, on: &buffer)
            return buffer
        }
        drawTitle(state, in: layout.title, theme: theme, on: &buffer)
        // A hidden list, or the panes a maximised one covers, have no room and are not drawn.
        if !layout.list.isEmpty { EndpointListView.draw(state, in: layout.list, theme: theme, on: &buffer) }
        if !layout.editor.isEmpty { RequestEditorView.draw(state, in: layout.editor, theme: theme, on: &buffer) }
        if !layout.response.isEmpty { ResponseView.draw(state, in: layout.response, theme: theme, on: &buffer) }
        StatusBarView.draw(state, in: layout.statusBar, theme: theme, on: &buffer)
        let main = Rect(x: 0, y: 1, width: state.width, height: state.height - 2)
        switch state.overlay {
        case .help(let top)?: HelpView.draw(state, top: top, in: main, theme: theme, on: &buffer)
        case .auth?: AuthPanelView.draw(state, in: main, theme: theme, on: &buffer)
        case .environments(let selected)?:
            EnvironmentPickerView.draw(state, selected: selected, in: main, theme: theme, on: &buffer)
        case .problems(let top)?:
            ProblemsView.draw(state.shownProblems, top: top, in: main, theme: theme, on: &buffer)
        case .bodyEditor(let editor)?: BodyEditorView.draw(editor, state: state, in: main, theme: theme, on: &buffer)
        case .message(let paragraphs)?:
            MessageView.draw(paragraphs, keyMap: state.keyMap, in: main, theme: theme, on: &buffer)
        case .values(let view)?: ValuesView.draw(state, view: view, in: main, theme: theme, on: &buffer)
        case .history(let panel)?: HistoryView.draw(panel, keyMap: state.keyMap, in: main, theme: theme, on: &buffer)
        case .cookies(let view)?: CookiesView.draw(state, view: view, in: main, theme: theme, on: &buffer)
        case .variables(let view)?: VariablesView.draw(state, view: view, in: main, theme: theme, on: &buffer)
        case .picker(let picker)?:
            PickerView.draw(state, picker: picker, near: layout.editor, theme: theme, on: &buffer)
        case .palette(let palette)?: PaletteView.draw(state, palette: palette, in: main, theme: theme, on: &buffer)
        case .benchForm(let form)?: BenchFormView.draw(form, state: state, theme: theme, on: &buffer)
        case .prompt?, .quitQuestion?, .restoreQuestion?, nil: break
        }
        return buffer
    }

    static func drawTitle(_ state: AppState, in rect: Rect, theme: Theme, on buffer: inout ScreenBuffer) {
        var x = buffer.write(
            " apix ", x: rect.x, y: rect.y, limit: rect.maxX, style: theme.accent.with(bold: true, reverse: true))
        if let profile = state.selectedProfile {
            x = buffer.write(" " + SafeText.escape(profile.name), x: x, y: rect.y, limit: rect.maxX, style: theme.title)
            if let description = profile.description {
                buffer.write(
                    " — " + SafeText.escape(description), x: x, y: rect.y, limit: rect.maxX,
                    style: theme.muted)
            }
        }
        buffer.write(" ? help ", x: rect.maxX - 8, y: rect.y, limit: rect.maxX, style: theme.muted)
    }
}
