import ExplorerCore

/// The values view (`v`): the values captured for the selected profile and environment, as the core lists them
/// (`CapturedValue.Row`: secret-like ones masked), with keys to reveal one and to clear one or all. Clearing
/// changes the held values at once and asks the runtime to forget them on disk (`CaptureStore`).
extension AppState {
    /// The listed values of the selected profile's environment.
    func valueRows(revealed: Set<String> = []) -> [CapturedValue.Row] {
        guard let key = currentAuthKey else { return [] }
        return CapturedValue.Row.rows(captured[key] ?? [:], now: now.date, revealed: revealed)
    }

    mutating func showValues() {
        overlay = .values(ValuesViewState())
    }

    mutating func handleValuesKey(_ key: Key, _ view: ValuesViewState) -> [Effect] {
        var view = view
        var effects: [Effect] = []
        let rows = valueRows()
        let selected = rows.indices.contains(view.selected) ? rows[view.selected] : nil
        switch keyMap.command(for: key, in: .values) {
        case .moveUp: view.selected -= 1
        case .moveDown: view.selected += 1
        case .reveal:
            guard let selected, selected.isSecret else { break }
            if view.revealed.remove(selected.reference) == nil { view.revealed.insert(selected.reference) }
        case .forgetValue:
            guard let selected, let auth = currentAuthKey else { break }
            captured[auth]?[selected.reference] = nil
            capturesRevision += 1
            view.revealed.remove(selected.reference)
            message = StatusMessage("cleared {{\(selected.reference)}}")
            effects.append(.forgetCaptures(auth, reference: selected.reference))
        case .forgetAllValues:
            guard !rows.isEmpty, let auth = currentAuthKey else { break }
            captured[auth] = [:]
            capturesRevision += 1
            view.revealed = []
            message = StatusMessage(
                "cleared \(Units.count(rows.count, "value")) of \(auth.profile) · \(auth.environment)")
            effects.append(.forgetCaptures(auth, reference: nil))
        case .close:
            overlay = nil
            return []
        default:
            break
        }
        view.selected = min(max(0, view.selected), max(0, valueRows().count - 1))
        overlay = .values(view)
        return effects
    }
}
