import ExplorerCore

/// A `graphql:` body's variables as JSON text in the body editor: `Ctrl-V` shows them in place of the query and
/// back (`AppState+GraphQLVariables`); `Ctrl-S` keeps both. The text starts as the profile has the variables (a
/// mapping written as pretty JSON, JSON text as written) and goes back as a mapping when it is plain JSON, so a save
/// writes YAML a person reads (`BodyTemplate.json(text:)`).
package struct GraphQLVariablesEditor: Hashable, Sendable {
    package var editor: TextEditor
    /// The text the variables started as: nothing to keep when it is unchanged.
    package var original: String
    /// Whether the variables are shown (else the query is, and this keeps the text typed so far).
    package var isShown = true

    package init(_ variables: TemplateValue?) {
        original = Self.text(variables)
        editor = TextEditor(original)
    }

    package var isChanged: Bool { editor.text != original }

    /// The variables as the editor shows them: none as `{}`.
    static func text(_ variables: TemplateValue?) -> String {
        switch variables {
        case nil: "{}"
        case .string(let template)?: template.raw
        case let value?: BodyDraft.json(value).serialized(pretty: true)
        }
    }

    /// The variables `text` stands for: nil for none (`{}` or nothing), a mapping for JSON, the text itself when a
    /// `{{variable}}` stands for a value (`{"limit": {{limit}}}`, JSON once filled, as the profile allows). Not a
    /// JSON object: the parser's error, its line and column in the text.
    static func variables(_ text: String) throws(JSONParseError) -> TemplateValue? {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if trimmed.isEmpty { return nil }
        // A `{{name}}` checked as a number as wide as it, so the error's columns are the user's.
        guard case .object(let object) = try JSONValue.parse(Self.placeholdersFilled(text)) else {
            throw JSONParseError(
                line: 1, column: 1, offset: 0, message: "the variables must be a JSON object ({\"name\": value})")
        }
        if object.isEmpty { return nil }
        guard case .json(let value) = BodyTemplate.json(text: text) else { return .string(Template(text)) }
        return value
    }

    /// The line under the variables: what the query's variable definitions declare (`$id: ID!`), the names and
    /// types to write (a light scan: a `$name` followed by `:` is a definition, a use is not).
    static func declared(_ query: String) -> String {
        var seen: Set<String> = []
        var found: [String] = []
        for match in query.matches(of: /\$([A-Za-z_][A-Za-z0-9_]*)\s*:\s*([\[\]A-Za-z0-9_!]+(?:\s*!)?)/) {
            let name = String(match.1)
            guard seen.insert(name).inserted else { continue }
            found.append("$\(name): \(match.2)")
        }
        return found.isEmpty
            ? "the query declares no variables"
            : "the query declares " + found.joined(separator: ", ")
    }

    /// `text` with each `{{…}}` outside a JSON string replaced by `0` and spaces, as many characters as it had.
    static func placeholdersFilled(_ text: String) -> String {
        var output = ""
        var characters = Array(text)[...]
        var inString = false
        while let character = characters.first {
            if inString {
                characters.removeFirst()
                output.append(character)
                if character == "\\", let escaped = characters.first {
                    characters.removeFirst()
                    output.append(escaped)
                } else if character == "\"" {
                    inString = false
                }
                continue
            }
            if character == "{", characters.dropFirst().first == "{",
                let end = characters.indices.dropFirst(2).first(where: {
                    characters[$0] == "}" && $0 + 1 < characters.endIndex && characters[$0 + 1] == "}"
                }), !characters[characters.startIndex..<end].contains("\n")
            {
                let width = end + 2 - characters.startIndex
                output += "0" + String(repeating: " ", count: width - 1)
                characters = characters[(end + 2)...]
                continue
            }
            characters.removeFirst()
            output.append(character)
            if character == "\"" { inString = true }
        }
        return output
    }
}
