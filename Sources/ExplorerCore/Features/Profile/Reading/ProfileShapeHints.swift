import Foundation

/// What the most common shape mistakes in a hand-written profile meant, said after their errors: the habits of other
/// tools and formats (a header list of `Name: value` lines, a body given as its text, endpoints keyed by id, a base
/// URL without its scheme, a tab as indent). Each hint is built from the user's own text, cut short, and says the
/// form that loads.
enum ProfileShapeHints {
    /// Longest piece of the user's text quoted in a hint.
    static let maxQuoted = 60

    /// `headers: ["Accept: application/json"]` (or `query: ["page=2"]`): the mapping that says it.
    static func parameterList(_ items: [YAMLNode], key: String) -> String {
        let first = items.first?.scalar?.string ?? ""
        let separator: Character = key == "headers" ? ":" : "="
        let parts = first.split(separator: separator, maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
        let example =
            parts.count == 2 && !parts[0].isEmpty && parts[0].count <= maxQuoted && parts[1].count <= maxQuoted
            ? "\(parts[0]): \(parts[1])" : (key == "headers" ? "Accept: application/json" : "page: 2")
        return "write it as a mapping: `\(key): { \(example) }`"
    }

    /// `body: '{"a": 1}'`: the body's kind goes first (`json:` takes the JSON as written, unquoted).
    static func bodyText(_ text: String) -> String {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        let isJSON = (trimmed.hasPrefix("{") || trimmed.hasPrefix("[")) && (try? JSONValue.parse(trimmed)) != nil
        if isJSON, !trimmed.contains("\n"), trimmed.count <= maxQuoted {
            return "name its kind: `body: { json: \(trimmed) }` (JSON is YAML: no quotes)"
        }
        return "name its kind: `body: { \(isJSON ? "json" : "text"): … }` (or `form`, `multipart`, `file`, `graphql`)"
    }

    /// `endpoints: { one: { path: /a } }`: each endpoint is a list item, its key its `id`.
    static func endpointMapping(_ node: YAMLNode) -> String {
        let first = node.mapping?.first?.key.scalar?.string ?? "one"
        let id = first.count <= maxQuoted ? first : "one"
        return "each endpoint is a list item with its id: `- id: \(id)` then its keys (`path: /…`) under it"
    }

    /// `capture: { token: "$.token" }` (Hurl's and Bruno's habit: the query alone): the source goes first.
    static func captureSource(_ text: String, name: String) -> String {
        let query = text.trimmingCharacters(in: .whitespaces)
        guard query.hasPrefix("$"), query.count <= maxQuoted, name.count <= maxQuoted else {
            return "name its source: `\(name.count <= maxQuoted ? name : "id"): { json: $.id }` (or `header: NAME`, "
                + "`cookie: NAME`, `status: true`, `regex: …`)"
        }
        return "name its source: `\(name): { json: \"\(query)\" }`"
    }

    /// `base_url: localhost:8080`: the URL with its scheme, when that is all it lacks.
    static func baseURL(_ raw: String) -> String? {
        guard !raw.contains("://"), !raw.isEmpty, raw.count <= maxQuoted, !raw.contains(" ") else { return nil }
        let candidate = "http://" + raw
        guard RequestBuilder.isHTTPURL(candidate) else { return nil }
        return "did you mean `\(candidate)`?"
    }

    /// A tab where YAML wanted an indent or a token (libyaml's "found character that cannot start any token").
    static func tab(in yaml: String, line: Int, column: Int) -> String? {
        let lines = yaml.split(separator: "\n", omittingEmptySubsequences: false)
        guard line >= 1, line <= lines.count else { return nil }
        let text = lines[line - 1]
        let at = text.dropFirst(max(0, column - 1)).first
        guard at == "\t" || text.prefix(while: { $0 == " " || $0 == "\t" }).contains("\t") else { return nil }
        return "a tab: YAML indents with spaces only"
    }
}
