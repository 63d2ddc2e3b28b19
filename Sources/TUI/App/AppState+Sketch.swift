import ExplorerCore

/// The explorer while its profiles load (`TUIApp.run(loadingProfilesIn:)`): the sketch answers the keys that need
/// only what it read (names, folders, methods, paths), and the loaded state takes over the list as the user left it.
extension AppState {
    /// Moving in the list and folding: all a sketch can answer. Sending, editing and the rest wait for the load.
    static func answersDuringLoad(_ command: KeyCommand) -> Bool {
        switch command {
        case .moveUp, .moveDown, .pageUp, .pageDown, .moveTop, .moveBottom, .collapse, .expand, .collapseAll,
            .expandAll:
            true
        default: false
        }
    }

    /// Whether this sketch answers `key` itself: the list has the keys (no overlay, field, filter or search) and
    /// the key moves or folds.
    func answersWhileSketch(_ key: Key) -> Bool {
        guard isSketch, paneContext == .list, let command = keyMap.command(for: key, in: .list) else { return false }
        return Self.answersDuringLoad(command)
    }

    /// Takes the list as the user left it in `sketch`: the folds, the selected row (by what it stands for: the
    /// loaded catalog's indexes may differ) and the scroll.
    mutating func adoptList(of sketch: AppState) {
        collapsed = sketch.collapsed
        listTop = sketch.listTop
        rebuildRows(selecting: sketch.selectedIdentity)
        scrollListToSelection()
    }
}
