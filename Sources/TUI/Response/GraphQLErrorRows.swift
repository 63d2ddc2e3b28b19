import ExplorerCore

/// The Errors tab's lines: a count, then each error of the GraphQL answer apart from `data`, its message first and
/// under it where it happened (the field's path, the query's line:column, the server's code). Escaped: all of it is
/// the server's text.
struct GraphQLErrorRows {
    let rows: [String]

    init(_ errors: [GraphQLAnswerError]) {
        guard !errors.isEmpty else {
            rows = []
            return
        }
        var rows = ["\(CheckResult.mark(passed: false)) \(Units.count(errors.count, "GraphQL error")) in the answer"]
        for error in errors {
            rows.append("  " + SafeText.escape(error.message))
            var place: [String] = []
            if let path = error.path { place.append("path \(SafeText.escape(path))") }
            if !error.locations.isEmpty { place.append("at " + error.locations.joined(separator: ", ")) }
            if let code = error.code { place.append("code \(SafeText.escape(code))") }
            if !place.isEmpty { rows.append("    " + place.joined(separator: " · ")) }
        }
        self.rows = rows
    }
}
