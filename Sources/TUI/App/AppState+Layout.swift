/// The layout keys: maximise the focused pane, hide the list, move the list/editor/response splits, wrap long
/// body lines. Each change is kept for the next start (`.saveLayout`).
extension AppState {
    mutating func arrangePanes(_ command: KeyCommand) -> [Effect] {
        let before = panes
        switch command {
        case .toggleZoom:
            panes.zoomed.toggle()
        case .toggleList:
            panes.listHidden.toggle()
            if panes.listHidden, focus == .list { focus = .editor }
            message = StatusMessage(panes.listHidden ? "list hidden (\\ shows it)" : "list shown")
        case .toggleWrap:
            panes.softWrap.toggle()
            response.left = 0
            message = StatusMessage(panes.softWrap ? "long lines wrap" : "long lines scroll sideways (h / l)")
        case .resizeList(let step):
            // The change kept is the one drawn: past a limit the edge stays, so the other way moves it at once.
            panes.listWidthChange += step
            panes.listWidthChange = layout.listWidth - layout.standardListWidth
        case .resizeEditor(let step):
            let rows = layout.editorRows
            panes.editorRowsChange += step
            if layout.editorRows == rows { panes.editorRowsChange -= step }
        default:
            return []
        }
        scrollListToSelection()
        clampResponseScroll()
        return panes == before ? [] : [.saveLayout(panes)]
    }
}
