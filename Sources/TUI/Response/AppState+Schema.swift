import ExplorerCore

/// The Schema tab's jump: from a violation to its place in the body.
extension AppState {
    /// Shows the next schema violation (the first one after the answer arrived) at its place in the Body tab: its
    /// line near the top of the pane, marked as a search match is. From the Schema tab or the Body tab, so `J`
    /// pressed again walks the violations in the body.
    mutating func jumpToViolation() -> [Effect] {
        guard let exchange = shownExchange, let check = exchange.schema else {
            message = StatusMessage("no schema check for this answer: J shows its violations in the body")
            return []
        }
        let locations = SchemaRows(check).rows.compactMap(\.location)
        guard !locations.isEmpty else {
            message = StatusMessage("no violation to show: the answer matches \(SafeText.escape(check.name))")
            return []
        }
        let index = response.violationIndex.map { ($0 + 1) % locations.count } ?? 0
        let location = locations[index]
        guard let document = exchange.document, let line = document.line(ofInstance: location) else {
            message = StatusMessage("cannot find \(SafeText.escape(location)) in the body", isError: true)
            return []
        }
        response.violationIndex = index
        response.graphQLErrorIndex = nil
        showBodyLine(line)
        message = StatusMessage(
            "violation \(index + 1) of \(locations.count): \(SafeText.escape(location)) is line \(line + 1) of the body "
                + "(J: the next)")
        clampResponseScroll()
        return []
    }

    /// Shows `line` of the body near the top of the Body tab, marked as a search match is: where `J` takes a
    /// violation or a GraphQL error.
    mutating func showBodyLine(_ line: Int) {
        response.filter = nil
        response.tab = .body
        response.left = 0
        response.top = max(0, line - 2)
        response.matchLine = line
        response.matchIndex = nil
        response.matches = nil
    }
}
