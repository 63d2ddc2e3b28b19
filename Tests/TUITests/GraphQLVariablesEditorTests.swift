import Foundation
import TestSupport
import Testing

@testable import ExplorerCore
@testable import TUI

/// The GraphQL query editor's variables (`Ctrl-V`, pure `update`, headless render): shown as JSON in place of the
/// query with what the query declares, kept into the draft with `Ctrl-S` (and so sent, and saved by `s` into the
/// profile as the query is), refused with the JSON error's line and column and the cursor there.
@Suite("GraphQL variables editor")
@MainActor
struct GraphQLVariablesEditorTests {
    static let key = GraphQLSchemaExplorerTests.key

    static func editingVariables() throws -> AppState {
        var state = try GraphQLSchemaExplorerTests.editing("query U($id: ID!) { user(id: $id) { name } }")
        _ = state.press(.control("v"))
        return state
    }

    static func type(_ text: String, into state: inout AppState) {
        for character in text { _ = state.press(.character(character)) }
    }

    static func sentVariables(_ state: inout AppState) throws -> JSONValue? {
        let sent = try #require(GraphQLExplorerTests.sentBody(state.press(.enter)))
        return try JSONValue.parse(sent.body)["variables"]
    }

    @Test("Ctrl-V shows the variables as JSON with what the query declares; Ctrl-V again shows the query")
    func shows() throws {
        var state = try Self.editingVariables()
        var screen = GraphQLSchemaExplorerTests.screen(state)
        #expect(screen.contains("GraphQL variables (JSON) — Ctrl-S keeps, Ctrl-V the query, Esc leaves"), "\(screen)")
        #expect(screen.contains(#"2      "id": "7""#), "\(screen)")
        #expect(screen.contains("the query declares $id: ID!"), "\(screen)")
        #expect(!screen.contains("user(id: $id)"))
        _ = state.press(.control("v"))
        screen = GraphQLSchemaExplorerTests.screen(state)
        #expect(screen.contains("Body (GraphQL) — Ctrl-S keeps, Ctrl-V variables"), "\(screen)")
        #expect(screen.contains("user(id: $id)"))
    }

    @Test("edited variables are kept with Ctrl-S and sent; the query and operation stay")
    func keeps() throws {
        var state = try Self.editingVariables()
        _ = state.press(.down, .end)
        Self.type(#", "limit": 2"#, into: &state)
        _ = state.press(.control("s"))
        #expect(GraphQLSchemaExplorerTests.editor(state) == nil, "the editor closed")
        guard case .graphql(let body)? = state.draft(for: Self.key)?.body?.kind else {
            Issue.record("not a GraphQL draft")
            return
        }
        #expect(body.query == "query U($id: ID!) { user(id: $id) { name } }")
        #expect(body.operation == "U")
        #expect(
            body.variables
                == .object([
                    .init(key: "id", value: .string(Template("7"))), .init(key: "limit", value: .number("2")),
                ]))
        let sent = try Self.sentVariables(&state)
        #expect(sent == (try JSONValue.parse(#"{"id":"7","limit":2}"#)))
    }

    @Test("invalid JSON is refused with its line and column, the variables shown and the cursor at the error")
    func refusesInvalidJSON() throws {
        var state = try Self.editingVariables()
        _ = state.press(.down, .end)
        Self.type(" oops", into: &state)
        _ = state.press(.control("v"))  // back to the query: Ctrl-S still checks the variables
        _ = state.press(.control("s"))
        let editor = try #require(GraphQLSchemaExplorerTests.editor(state), "the editor stayed open")
        #expect(editor.showsVariables)
        let screen = GraphQLSchemaExplorerTests.screen(state)
        #expect(screen.contains("variables: JSON error at line 2, column 13"), "\(screen)")
        #expect(editor.variables?.editor.row == 1)
        #expect(editor.variables?.editor.column == 12)
        guard case .graphql(let body)? = state.draft(for: Self.key)?.body?.kind else { return }
        #expect(
            body.variables.map(ProfileEmitter.json)
                == ProfileEmitter.json(.object([.init(key: "id", value: .string(Template("7")))])), "nothing kept")
    }

    @Test("a {{variable}} standing for a value is kept as JSON text; emptied variables are removed")
    func templatesAndEmpty() throws {
        #expect(
            try GraphQLVariablesEditor.variables(#"{"limit": {{limit}}, "n": 1}"#)
                == .string(Template(#"{"limit": {{limit}}, "n": 1}"#)))
        #expect(
            GraphQLVariablesEditor.placeholdersFilled(#"{"a": {{x}}, "b": "{{y}}"}"#) == #"{"a": 0    , "b": "{{y}}"}"#)
        #expect(
            try GraphQLVariablesEditor.variables(#"{"r": "{{role}}"}"#)
                == .object([.init(key: "r", value: .string(Template("{{role}}")))]))
        #expect(try GraphQLVariablesEditor.variables(" {}\n") == nil)
        #expect(try GraphQLVariablesEditor.variables("") == nil)
        #expect(throws: JSONParseError.self) { try GraphQLVariablesEditor.variables(#"{"a": {{x}} 1}"#) }
        #expect {
            try GraphQLVariablesEditor.variables("[1]")
        } throws: { error in
            (error as? JSONParseError)?.message.contains("the variables must be a JSON object") == true
        }
        #expect(
            GraphQLVariablesEditor.declared("query Q($id: ID!, $tags: [String!] = [], $n: Int) { a(id: $id) }")
                == "the query declares $id: ID!, $tags: [String!], $n: Int")
    }

    @Test("s saves edited variables into the profile in the file's own style, the query kept as written")
    func savesIntoProfile() throws {
        let directory = try TemporaryDirectory()
        let file = try directory.write("gql.yaml", GraphQLExplorerTests.yaml)
        var state = try Self.editingVariables()
        _ = state.press(.down, .end)
        Self.type(#", "limit": 2"#, into: &state)
        _ = state.press(.control("s"))
        let original = try #require(state.catalog.profile("gql")?.endpoint("user"))
        let saved = try #require(state.draft(for: Self.key)).savedEndpoint(from: original)
        _ = try ProfileWriter.save(endpoint: saved, in: try ProfileLoader.load(file: file).get())
        let text = try String(contentsOfFile: file, encoding: .utf8)
        #expect(text.contains(#"query: "query U($id: ID!) { user(id: $id) { name } }""#), "\(text)")
        #expect(text.contains("variables: {"), "flow kept: \(text)")
        let reloaded = try ProfileLoader.load(file: file).get()
        guard case .graphql(let body)? = reloaded.endpoint("user")?.body else {
            Issue.record("not GraphQL: \(text)")
            return
        }
        #expect(
            body.variables.map(ProfileEmitter.json)
                == ProfileEmitter.json(
                    .object([
                        .init(key: "id", value: .string(Template("7"))), .init(key: "limit", value: .number("2")),
                    ])))
    }
}
