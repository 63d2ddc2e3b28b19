import ExplorerCore

/// `J` from a GraphQL error to its place in `data`: the Errors tab's errors that have a `path`, one after another,
/// each shown at its line of the Body tab as a schema violation is (`AppState+Schema`).
extension AppState {
    /// Whether `J` walks the GraphQL errors rather than the schema violations: from the Errors tab, after a jump to
    /// an error, or when the answer has errors and no schema check.
    var jumpsToGraphQLErrors: Bool {
        guard let exchange = shownExchange, !exchange.graphQLErrors.isEmpty else { return false }
        if response.tab == .errors || response.graphQLErrorIndex != nil { return response.tab != .schema }
        return exchange.schema == nil
    }

    /// Shows the next GraphQL error's path (the first after the answer arrived) at its line in the Body tab; a path
    /// whose value is gone (a parent nulled by the error) shows the deepest value on its way.
    mutating func jumpToGraphQLError() -> [Effect] {
        guard let exchange = shownExchange else { return [] }
        let paths = exchange.graphQLErrors.compactMap(\.path)
        guard !paths.isEmpty else {
            message = StatusMessage("no GraphQL error has a path into data (they are the request's, not a field's)")
            return []
        }
        let index = response.graphQLErrorIndex.map { ($0 + 1) % paths.count } ?? 0
        let path = paths[index]
        guard let document = exchange.document, let line = document.line(ofInstance: path) else {
            message = StatusMessage("cannot find \(SafeText.escape(path)) in the body", isError: true)
            return []
        }
        response.graphQLErrorIndex = index
        response.violationIndex = nil
        showBodyLine(line)
        message = StatusMessage(
            "GraphQL error \(index + 1) of \(paths.count): \(SafeText.escape(path)) is line \(line + 1) of the body "
                + "(J: the next)")
        clampResponseScroll()
        return []
    }
}
