/// The operations of a GraphQL document, as far as a light scan sees them: enough to count them, name them, and tell
/// a subscription (which is sent for a stream of answers) from a query or mutation.
package enum GraphQLOperations {
    package struct Operation: Sendable, Equatable {
        /// `query` (also for a `{ … }` on its own), `mutation` or `subscription`.
        package var kind: String
        /// Nil for an anonymous operation.
        package var name: String?
    }

    /// The operations `query` defines, in order. A light scan (strings, block strings and comments skipped;
    /// fragments are not operations).
    package static func scan(_ query: String) -> [Operation] {
        var names: [Operation] = []
        var depth = 0
        // After `query`/`mutation`/`subscription`/`fragment` at the top: the next top-level `{` is its selection set.
        var definition: String?
        var expectName = false
        var word = ""
        var characters = Array(query)[...]
        func endWord() {
            defer { word = "" }
            guard !word.isEmpty, depth == 0 else { return }
            if expectName {
                expectName = false
                if let kind = definition, kind != "fragment" { names.append(Operation(kind: kind, name: word)) }
                definition = "named"
            } else if definition == nil, ["query", "mutation", "subscription", "fragment"].contains(word) {
                definition = word
                expectName = true
            }
        }
        while let character = characters.popFirst() {
            if character.isLetter || character.isNumber || character == "_" {
                word.append(character)
                continue
            }
            endWord()
            if depth == 0, expectName, !character.isWhitespace, character != ",", character != "#" {
                // `query ($id: ID)`, `query @directive`, `query { … }`: no name comes.
                expectName = false
                if let kind = definition, kind != "fragment" { names.append(Operation(kind: kind, name: nil)) }
                definition = "named"
            }
            switch character {
            case "#":
                while let next = characters.first, !next.isNewline { characters.removeFirst() }
            case "\"":
                let block = characters.starts(with: "\"\"")
                if block { characters.removeFirst(2) }
                while let next = characters.popFirst() {
                    if next == "\\", !block {
                        _ = characters.popFirst()
                    } else if next == "\"", !block || characters.starts(with: "\"\"") {
                        if block { characters.removeFirst(2) }
                        break
                    }
                }
            case "{", "(", "[":
                if depth == 0, character == "{" {
                    // A selection set at the top: the definition's, or a `{ … }` query on its own.
                    if definition == nil { names.append(Operation(kind: "query", name: nil)) }
                    definition = nil
                }
                depth += 1
            case "}", ")", "]":
                depth = max(0, depth - 1)
            default:
                break
            }
        }
        endWord()
        return names
    }

    /// The operation a request with `operationName` `name` runs: the one of that name, else the document's only one.
    package static func chosen(_ query: String, name: String?) -> Operation? {
        let operations = scan(query)
        if let name { return operations.first { $0.name == name } }
        return operations.count == 1 ? operations[0] : nil
    }
}
