import Foundation
import Testing

@testable import ExplorerCore
@testable import TUI

/// What Tab completes where in a GraphQL query, what the hint line says of the name under the cursor, and what the
/// schema browser lists (pure; `GraphQLSchemaFixture`'s schema).
@Suite("GraphQL completion and schema browser")
struct GraphQLCompletionTests {
    /// The completion where `|` is in `text`.
    static func complete(_ text: String) throws -> GraphQLCompletion? {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { Array($0) }
        let row = try #require(lines.firstIndex { $0.contains("|") })
        let column = try #require(lines[row].firstIndex(of: "|"))
        var cleaned = lines
        cleaned[row].remove(at: column)
        return GraphQLCompletion.at(row: row, column: column, in: cleaned, schema: try GraphQLSchemaFixture.index())
    }

    static func names(_ text: String) throws -> [String]? {
        try complete(text)?.candidates.map(\.name)
    }

    @Test(
        "what completes where",
        arguments: [
            ("{ |", ["user", "users", "search", "__typename"]),
            ("query Q { us|", ["user", "users"]),
            ("{ user(id: 1) { |", ["id", "name", "role", "posts", "login", "__typename"]),
            ("{ user(id: 1) { posts { t|", ["title"]),
            ("mutation { createPost(input: {title: \"x\"}) { a|", ["author"]),
            ("{ users(|", ["role", "first"]),
            ("{ users(role: ADMIN, |", ["first"]),
            ("{ users(role: |", ["ADMIN", "EDITOR", "VIEWER"]),
            ("{ users(role: E|", ["EDITOR"]),
            ("query Q($id: ID!, $n: Int) { user(id: $|", ["id", "n"]),
            ("{ search(text: \"a\") { ... on U|", ["User"]),
            ("{ search(text: \"a\") { ... on Post { t|", ["title"]),
            ("fragment F on User { posts { author { na|", ["name"]),
            ("query Q($id: I|", ["ID", "Int"]),
            ("{\n  user(id: 1) {\n    name\n    r|\n  }\n}", ["role"]),
            ("{ user(id: 1) { name } us|", ["user", "users"]),
            ("{ user(id: \"{ |", nil),
            // An input object's fields, those not given yet; an enum field's values; nested in a list.
            ("mutation { createPost(input: {|", ["title", "draft", "audience"]),
            ("mutation { createPost(input: {title: \"x\", |", ["draft", "audience"]),
            ("mutation { createPost(input: {title: \"x\" d|", ["draft"]),
            ("mutation { createPost(input: {audience: |", ["ADMIN", "EDITOR", "VIEWER"]),
            ("mutation { createPost(input: {audience: ADMIN, draft: true, |", ["title"]),
            ("mutation { createPost(input: {title: \"}\", |", ["draft", "audience"]),
            ("mutation { createPost(input: {title: |", nil),
            ("mutation { createPost(input: {title: \"x\"}, |", []),
            ("{ users(role: ADMIN first: 1 |", []),
            // Directives: by where they may go, the schema's and the built-in ones; their arguments.
            ("{ user(id: 1) { name @|", ["cached", "include", "skip"]),
            ("{ user(id: 1) { name @i|", ["include"]),
            ("{ user(id: 1) @|", ["cached", "include", "skip"]),
            ("{ user(id: 1) { ... on User @|", ["cached", "include", "skip"]),
            ("query Q @|", ["live"]),
            ("{ user(id: 1) { name @include(|", ["if"]),
            ("{ user(id: 1) { name @cached(|", ["ttl"]),
            ("{ user(id: 1) { name @include(if: true, |", []),
            ("{ user(id: 1) @include(if: true) { n|", ["name"]),
            ("# { |", nil),
            ("|", nil),
        ] as [(String, [String]?)])
    func completes(_ text: String, _ expected: [String]?) throws {
        #expect(try Self.names(text) == expected, "\(text)")
    }

    @Test("the replaced columns are the name being typed")
    func columns() throws {
        let completion = try #require(try Self.complete("{ user(id: 1) { na|me"))
        #expect(completion.prefix == "na")
        #expect(completion.columns == 16..<18)
        #expect(completion.place == .fields(type: "User"))
    }

    @Test("the hint line: the field under the cursor, its arguments, description and deprecation")
    func hints() throws {
        let schema = try GraphQLSchemaFixture.index()
        func hint(_ text: String, at column: Int) -> String? {
            GraphQLCompletion.hint(row: 0, column: column, in: [Array(text)], schema: schema)
        }
        #expect(hint("{ user(id: 1) { name } }", at: 4) == "Query.user: User (id: ID!) — One user by id")
        #expect(hint("{ user(id: 1) { name } }", at: 18) == "User.name: String — The display name")
        #expect(hint("{ user(id: 1) { login } }", at: 17) == "User.login: String · deprecated: use name")
        #expect(hint("{ users(role: ADMIN) { id } }", at: 9) == "argument role: Role = ADMIN")
        #expect(hint("{ users(role: ADMIN) { id } }", at: 16) == "Role.ADMIN")
        #expect(hint("{ nothing }", at: 4) == nil)
        let mutation = #"mutation { createPost(input: {title: "x", audience: ADMIN}) { title } }"#
        #expect(hint(mutation, at: 32) == "PostInput.title: String!")
        #expect(hint(mutation, at: 45) == "PostInput.audience: Role — Who may read it")
        #expect(hint(mutation, at: 55) == "Role.ADMIN")
        #expect(
            hint("{ user(id: 1) { name @include(if: true) } }", at: 23)
                == "@include(if: Boolean!) — Directs the executor to include this field or fragment only when the "
                + "`if` argument is true.")
        #expect(hint("{ user(id: 1) { name @cached } }", at: 23) == "@cached(ttl: Int = 60) — Cache the field.")
    }

    /// `browser.handle` outside `#expect` (a mutating call cannot be expanded there).
    static func press(_ browser: inout GraphQLSchemaBrowser, _ key: Key, _ schema: GraphQLSchemaIndex) -> Bool {
        browser.handle(key, schema: schema, height: 10)
    }

    @Test("the browser lists types, then a type's fields with arguments, defaults and deprecations")
    func browserRows() throws {
        let schema = try GraphQLSchemaFixture.index()
        var browser = GraphQLSchemaBrowser()
        let types = browser.rows(schema).map(\.text)
        #expect(types.count == 11)
        #expect(types.first == "Boolean  scalar")
        #expect(types.contains("User  object  — A person\u{1B}[31m who posts"))
        // `/` narrows as typed; Enter on a row goes to its type, Esc comes back.
        for key: Key in [.character("/"), .character("q"), .character("u"), .character("e"), .enter] {
            #expect(Self.press(&browser, key, schema))
        }
        #expect(browser.rows(schema).map(\.text) == ["Query  object"])
        #expect(Self.press(&browser, .enter, schema))
        #expect(browser.path == ["Query"])
        #expect(
            browser.rows(schema).map(\.text) == [
                "user(id: ID!): User  — One user by id", "users(role: Role = ADMIN, first: Int = 10): [User!]!",
                "search(text: String!): [SearchResult]",
            ])
        #expect(browser.heading(schema) == "types › Query  (object)")
        #expect(Self.press(&browser, .down, schema))
        #expect(Self.press(&browser, .enter, schema))
        #expect(browser.path == ["Query", "User"])
        let user = browser.rows(schema)
        #expect(user.last == .init(text: "login: String  · deprecated: use name", target: "String", isDeprecated: true))
        #expect(Self.press(&browser, .escape, schema))
        #expect(browser.path == ["Query"])
        #expect(browser.selected == 1)
        #expect(Self.press(&browser, .escape, schema))
        #expect(browser.path.isEmpty)
        #expect(!Self.press(&browser, .escape, schema))  // Esc on the list of types leaves
        browser.path = ["Role"]
        #expect(browser.rows(schema).map(\.text) == ["ADMIN", "EDITOR", "VIEWER"])
        browser.path = ["SearchResult"]
        #expect(browser.rows(schema).map(\.target) == ["User", "Post"])
        browser.path = ["PostInput"]
        #expect(
            browser.rows(schema).map(\.text) == [
                "title: String!", "draft: Boolean = false", "audience: Role  — Who may read it",
            ])
    }
}
