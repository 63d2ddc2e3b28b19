// libFuzzer target: a GraphQL document checked as `apix check` and `apix run` check an endpoint's `graphql:` query
// (`GraphQLQueryCheck`: GraphQLSwift's parser and the specification's validation rules, compiled in instrumented)
// against a schema with an interface, a union, an enum, an input, arguments with defaults and a subscription, read
// from SDL the way a schema file is (`IntrospectedSchema.read(sdl:)`) and printed again by `GraphQLSDLPrinter`.
// The same text is then a description and a deprecation reason as `GraphQLSDLPrinter` prints them, which must still
// read as SDL (a server writes descriptions; one must not stop apix from checking queries). And it is a type's name
// and an argument's default value in a hostile server's introspection answer: building the checker from it may
// refuse, never trap (GraphQLSwift's lexer read past the end of an SDL ending in `"\u`).
// Traps when a problem is not located in the query (apix reports it at the query's line and column), has no
// message, or the printed description does not read. Run with -fork=1 (fuzz.sh does): GraphQLSwift's parser leaks
// its tokens on every parse, and a fresh process now and then keeps the memory bounded.
import Foundation
import GraphQL

@testable import ExplorerCore

private let sdl = #"""
    """Anything with an id."""
    interface Node { id: ID! }
    "What a user may do."
    enum Role { ADMIN EDITOR VIEWER @deprecated(reason: "gone") }
    scalar Date @specifiedBy(url: "https://tools.ietf.org/html/rfc3339")
    type User implements Node {
      id: ID!
      name(short: Boolean = false): String!
      role: Role!
      email: String @deprecated(reason: "Use `contact`.")
      contact: String
      born: Date
      posts(first: Int = 10, after: String): [Post!]!
    }
    type Post implements Node { id: ID! title: String! author: User! tags: [[String]!] }
    union SearchResult = User | Post
    input NewPostInput { title: String! authorId: ID! tags: [String!] = [] draft: Boolean = true }
    directive @cached(seconds: Int = 60) repeatable on FIELD | QUERY
    type Query {
      user(id: ID!): User
      users(role: Role, limit: Int = 20): [User!]!
      search(text: String!): [SearchResult!]!
      node(id: ID!): Node
    }
    type Mutation { createPost(input: NewPostInput!): Post! }
    type Subscription { count(to: Int!, every: Float = 0.2): Int! }
    """#

/// Built once: the schema as apix reads a schema file (an introspection run in process, so async).
private let schema: IntrospectedSchema = {
    let box = Box()
    let done = DispatchSemaphore(value: 0)
    Task.detached {
        box.schema = try? await IntrospectedSchema.read(sdl: sdl)
        done.signal()
    }
    done.wait()
    guard let schema = box.schema else { fatalError("the fuzz target's schema does not read") }
    return schema
}()

/// Carries the schema out of the task; written once before `done.signal()`, read after `wait()`.
private final class Box: @unchecked Sendable {
    var schema: IntrospectedSchema?
}

private let checker: GraphQLQueryCheck = {
    do {
        return try GraphQLQueryCheck(schema)
    } catch {
        fatalError("the fuzz target's schema does not build: \(error)")
    }
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzGraphQLDocument(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let query = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    let lines = lineLengths(query)
    for problem in checker.problems(query) {
        if problem.message.isEmpty { fatalError("a problem without a message") }
        if problem.line == 0, problem.column == 0 { continue }
        guard (1...lines.count).contains(problem.line), (1...lines[problem.line - 1] + 1).contains(problem.column)
        else { fatalError("\(problem) is outside the query (\(lines.count) lines: \(lines))") }
    }
    checkDescriptions(query)
    checkHostileSchema(query)
    return 0
}

/// Each line's length in UTF-8 bytes; lines end at \r\n, \n or \r, as GraphQL's do.
private func lineLengths(_ text: String) -> [Int] {
    var lengths = [0]
    var previous: UInt8 = 0
    for byte in text.utf8 {
        if byte == UInt8(ascii: "\n"), previous == UInt8(ascii: "\r") {
            // \r\n: one line end, already counted at \r.
        } else if byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") {
            lengths.append(0)
        } else {
            lengths[lengths.count - 1] += 1
        }
        previous = byte
    }
    return lengths
}

/// `text` as a description, of a type and of an indented field, and as a deprecation reason, as the printer writes
/// them: still SDL GraphQLSwift reads (a syntax error there refuses the whole schema).
private func checkDescriptions(_ text: String) {
    let sdl =
        GraphQLSDLPrinter.description(text, indent: "") + "type Query {\n"
        + GraphQLSDLPrinter.description(text, indent: "  ") + "  a: Int" + GraphQLSDLPrinter.deprecated(true, text)
        + "\n}\n"
    do {
        _ = try parse(source: Source(body: sdl, name: "schema"))
    } catch {
        fatalError("\(text.debugDescription) as a description: \(error)\n\(sdl)")
    }
}

/// `text` where a server's introspection answer puts raw text: a type's name (the last block printed; a name that is
/// not a GraphQL name is refused as the answer is read) and, under fixed names, an argument's default value, which
/// goes into the SDL the checker is built from as it came. Refusing is fine; trapping is the finding.
private func checkHostileSchema(_ text: String) {
    let value = JSONValue.string(text).serialized()
    for (name, defaultValue) in [(value, #""\"x\"""#), (#""Z""#, value)] {
        let answer = """
            {"data": {"__schema": {"queryType": {"name": "Query"}, "types": [
              {"kind": "OBJECT", "name": "Query", "fields": [{"name": "a", "args": [
                {"name": "x", "type": {"kind": "SCALAR", "name": "String"}, "defaultValue": \(defaultValue)}],
                "type": {"kind": "SCALAR", "name": "String"}}]},
              {"kind": "SCALAR", "name": \(name)}]}}}
            """
        guard let hostile = try? IntrospectedSchema.read(answer: Data(answer.utf8)) else { continue }
        _ = try? GraphQLQueryCheck(hostile)
    }
}
