import ExplorerCore
import GraphQL

/// A GraphQL document checked against a schema: parsed, then validated by the specification's rules (unknown fields
/// and types, wrong argument and variable types, missing required arguments, fragments on the wrong type, …)
/// through GraphQLSwift. Each problem says its line and column in the query.
package struct GraphQLQueryCheck: Sendable {
    /// One problem in a query: the message, and where in the query (1-based; 0 when the rule gave no place).
    package struct Problem: Sendable, Equatable, CustomStringConvertible {
        package var message: String
        package var line: Int
        package var column: Int

        package var description: String { "\(line):\(column): \(message)" }
    }

    /// Why a schema could not be used for checking (an introspection result GraphQLSwift does not build).
    package struct SchemaError: Error, Sendable, CustomStringConvertible {
        package var description: String
    }

    /// GraphQLSwift's schema; read-only once built, and only read by `validate`.
    private let schema: GraphQLSchema

    /// The schema an introspection result describes, built from its SDL (`GraphQLSDLPrinter`).
    package init(_ introspected: IntrospectedSchema) throws(SchemaError) {
        do {
            // The SDL holds the server's names and default values as they came: padded as a query is.
            schema = try buildSchema(source: GraphQLSDLPrinter.sdl(introspected) + Self.padding, assumeValidSDL: true)
        } catch {
            throw SchemaError(description: "the schema cannot be used for checking: \(Self.message(of: error))")
        }
    }

    /// The problems of `query`; empty when it is valid. A syntax error stops at itself, as a parser does. With
    /// `variables` (the names the request gives a value other than null), a valid query's operation (`operation`,
    /// or its only one) is also checked for required variables left out, as a server would refuse them.
    package func problems(_ query: String, variables: Set<String>? = nil, operation: String? = nil) -> [Problem] {
        let document: Document
        do {
            // Padded with blanks, which change no document: GraphQLSwift reads the 4 hex digits after a string's `\u`
            // without looking for the end, so `"\u` at the very end (typed in the explorer, whose check runs as you
            // type) trapped the process (found by fuzzing). A problem placed in the padding is placed at the end.
            document = try parse(source: Source(body: query + Self.padding, name: "query"))
        } catch {
            return [Self.problem(error, in: query)]
        }
        if let namesakes = GraphQLNamesakes(document) {
            return namesakeProblems(namesakes, in: query)
        }
        let problems = validate(schema: schema, ast: document).map { Self.problem($0, in: query) }
        guard problems.isEmpty, let variables else { return problems }
        return Self.missingVariables(in: document, query: query, given: variables, operation: operation)
    }

    /// A document with namesakes (`GraphQLNamesakes`): validated without the later ones, their names reported, all in
    /// the order of the text.
    private func namesakeProblems(_ namesakes: GraphQLNamesakes, in query: String) -> [Problem] {
        let named = namesakes.problems.map { problem in
            let (line, column) = Self.place(ofUTF8Offset: problem.offset, in: query)
            return Problem(message: problem.message, line: line, column: column)
        }
        // Blanking whole definitions leaves a document that parses as the original did.
        let rest =
            (try? parse(source: Source(body: namesakes.blanking(query + Self.padding), name: "query")))
            .map { validate(schema: schema, ast: $0).map { Self.problem($0, in: query) } } ?? []
        return (rest + named).enumerated().sorted { a, b in
            (a.element.line, a.element.column, a.offset) < (b.element.line, b.element.column, b.offset)
        }.map(\.element)
    }

    /// What the lexer may read past the end of a query: a `\u` escape's four digits.
    static let padding = "    "

    /// Each variable of the chosen operation whose type is non-null and that has no default, when `given` lacks it:
    /// `Variable "$id" of required type "ID!" was not provided.`, placed at its definition.
    static func missingVariables(in document: Document, query: String, given: Set<String>, operation: String?)
        -> [Problem]
    {
        let operations = document.definitions.compactMap { $0 as? OperationDefinition }
        let chosen = operation.map { name in operations.first { $0.name?.value == name } } ?? operations.first
        guard let chosen, operation != nil || operations.count == 1 else { return [] }
        let bytes = Array(query.utf8)
        return chosen.variableDefinitions.compactMap { definition in
            let name = definition.variable.name.value
            guard definition.type is NonNullType, definition.defaultValue == nil, !given.contains(name) else {
                return nil
            }
            let type =
                definition.type.loc.map { location in
                    String(decoding: bytes[max(0, location.start)..<min(bytes.count, location.end)], as: UTF8.self)
                } ?? "non-null"
            let offset = definition.loc?.start ?? 0
            let (line, column) = place(ofUTF8Offset: offset, in: query)
            return Problem(
                message: "Variable \"$\(name)\" of required type \"\(type)\" was not provided.", line: line,
                column: column)
        }
    }

    /// The problem `error` is, placed in `query` from its UTF-8 offset. GraphQLSwift's own line and column count that
    /// offset against line ends found in UTF-16, so any non-ASCII text before a problem moved it (a line too far, a
    /// column off; found by fuzzing): counted here instead, in characters (scalars) from 1, as profile places are.
    static func problem(_ error: Error, in query: String) -> Problem {
        guard let error = error as? GraphQLError else { return Problem(message: "\(error)", line: 0, column: 0) }
        guard let offset = error.positions.first else {
            let location = error.locations.first
            return Problem(message: message(of: error), line: location?.line ?? 0, column: location?.column ?? 0)
        }
        let (line, column) = place(ofUTF8Offset: offset, in: query)
        return Problem(message: message(of: error), line: line, column: column)
    }

    /// The line and column (1-based; lines end at \r\n, \n or \r, as GraphQL's do) of a UTF-8 offset in `text`.
    static func place(ofUTF8Offset offset: Int, in text: String) -> (line: Int, column: Int) {
        var (line, column, consumed) = (1, 1, 0)
        var afterCarriageReturn = false
        for scalar in text.unicodeScalars {
            if consumed >= offset { break }
            consumed += UTF8.width(scalar)
            if scalar == "\n", afterCarriageReturn {
                afterCarriageReturn = false
                continue
            }
            afterCarriageReturn = scalar == "\r"
            if scalar == "\n" || scalar == "\r" {
                line += 1
                column = 1
            } else {
                column += 1
            }
        }
        return (line, column)
    }

    /// The message alone: GraphQLSwift's syntax errors carry the place and an excerpt of the source, which the
    /// problem says its own way.
    static func message(of error: Error) -> String {
        guard let error = error as? GraphQLError else { return "\(error)" }
        let first = error.message.split(separator: "\n", maxSplits: 1).first.map(String.init) ?? error.message
        if first.hasPrefix("Syntax Error"), let close = first.firstIndex(of: ")") {
            return "Syntax Error: " + first[first.index(after: close)...].trimmingCharacters(in: .whitespaces)
        }
        return first
    }
}
