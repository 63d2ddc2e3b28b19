import ExplorerCore
import Foundation
import GraphQL

extension IntrospectedSchema {
    /// The schema an SDL document describes (`schema.graphql`): built by GraphQLSwift, then asked the standard
    /// introspection query in process, so a file reads into the same form as a server's answer.
    package static func read(sdl: String) async throws(ReadError) -> IntrospectedSchema {
        let schema: GraphQLSchema
        do {
            schema = try buildSchema(source: sdl)
        } catch {
            throw ReadError(description: "not a GraphQL schema: \(error)")
        }
        let answer: Data
        do {
            let result = try await graphql(schema: schema, request: localQuery)
            answer = try JSONEncoder().encode(result)
        } catch {
            throw ReadError(description: "its introspection failed: \(error)")
        }
        return try read(answer: answer)
    }

    /// The standard query without the deprecation of arguments and input fields, which GraphQLSwift 4.3 answers with
    /// "Cannot return null for non-nullable field __InputValue.isDeprecated" (SDL has no such deprecations to lose
    /// that matter here: the generator skips deprecated fields, not arguments).
    static let localQuery = GraphQLIntrospection.query
        .replacingOccurrences(of: "args(includeDeprecated: true)", with: "args")
        .replacingOccurrences(of: "inputFields(includeDeprecated: true)", with: "inputFields")
        .replacingOccurrences(
            of: "  defaultValue\n  isDeprecated\n  deprecationReason\n", with: "  defaultValue\n")

    /// The schema in a file: an introspection answer (`{"data": {"__schema": …}}`), its `__schema` object alone
    /// (`{"__schema": …}`, as graphql-js and most tools save it), or SDL.
    package static func read(file data: Data) async throws(ReadError) -> IntrospectedSchema {
        if let schema = try read(document: data) { return schema }
        return try await read(sdl: String(decoding: data, as: UTF8.self))
    }
}
