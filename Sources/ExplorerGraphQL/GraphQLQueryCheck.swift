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
            schema = try buildSchema(source: GraphQLSDLPrinter.sdl(introspected), assumeValidSDL: true)
        } catch {
            throw SchemaError(description: "the schema cannot be used for checking: \(Self.message(of: error))")
        }
    }

    /// The problems of `query`; empty when it is valid. A syntax error stops at itself, as a parser does.
    package func problems(_ query: String) -> [Problem] {
        let document: Document
        do {
            document = try parse(source: Source(body: query, name: "query"))
        } catch {
            return [Self.problem(error)]
        }
        return validate(schema: schema, ast: document).map(Self.problem)
    }

    static func problem(_ error: Error) -> Problem {
        guard let error = error as? GraphQLError else { return Problem(message: "\(error)", line: 0, column: 0) }
        let location = error.locations.first
        return Problem(message: message(of: error), line: location?.line ?? 0, column: location?.column ?? 0)
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
