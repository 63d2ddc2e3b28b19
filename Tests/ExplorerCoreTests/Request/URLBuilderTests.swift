import Testing

@testable import ExplorerCore

@Suite("URL building")
struct URLBuilderTests {
    @Test(
        "base URL and path join with exactly one slash",
        arguments: [
            ("http://h:8080", "/todos", "http://h:8080/todos"),
            ("http://h:8080/", "/todos", "http://h:8080/todos"),
            ("http://h:8080/", "todos", "http://h:8080/todos"),
            ("http://h:8080", "todos", "http://h:8080/todos"),
            ("http://h/api/v1/", "/items/", "http://h/api/v1/items/"),
            ("http://h/api", "", "http://h/api"),
            ("http://h/api", "?x=1", "http://h/api?x=1"),
            ("http://h/api", "https://other.example/x", "https://other.example/x"),
        ])
    func join(base: String, path: String, expected: String) {
        #expect(URLBuilder.join(base: base, path: path) == expected)
    }

    @Test(
        "placeholders are filled and percent-encoded as one path segment",
        arguments: [
            ("/articles/{category}/id/{id}", ["category": "news", "id": "42"], "/articles/news/id/42"),
            ("/files/{name}", ["name": "a b/c"], "/files/a%20b%2Fc"),
            ("/users/{name}", ["name": "zoë"], "/users/zo%C3%AB"),
            ("/q/{v}", ["v": "?#&=%"], "/q/%3F%23%26%3D%25"),
            ("/emoji/{e}", ["e": "🚀"], "/emoji/%F0%9F%9A%80"),
            ("/keep/{x}", ["x": "A-z_0.9~"], "/keep/A-z_0.9~"),
            ("/space in/{x}", ["x": "1"], "/space%20in/1"),
            ("/already%20encoded/{x}", ["x": "1"], "/already%20encoded/1"),
            ("/not{a placeholder}", [:], "/not%7Ba%20placeholder%7D"),
        ])
    func placeholders(template: String, params: [String: String], expected: String) throws {
        let path = try URLBuilder.path(
            Template(template), params: params, scope: VariableScope(processEnvironment: [:]))
        #expect(path == expected)
    }

    @Test("a missing placeholder is an error naming it")
    func missingPlaceholder() {
        #expect(throws: RequestBuildError(.missingPlaceholder(name: "id", path: "/todos/{id}"))) {
            try URLBuilder.path(Template("/todos/{id}"), params: [:], scope: VariableScope(processEnvironment: [:]))
        }
    }

    @Test("variables in a path are filled; double braces are not placeholders")
    func variablesInPath() throws {
        let scope = VariableScope(values: ["version": "v2"], processEnvironment: ["TENANT": "acme co"])
        let path = try URLBuilder.path(
            Template("/{{version}}/{{env.TENANT}}/items/{id}"), params: ["id": "7"], scope: scope)
        #expect(path == "/v2/acme%20co/items/7")
        #expect(URLBuilder.placeholders(in: "/{{version}}/items/{id}/{sub}/{id}") == ["id", "sub"])
    }

    @Test(
        "query items are encoded and appended after an existing query",
        arguments: [
            ("http://h/x", [("q", "a b")], "http://h/x?q=a%20b"),
            ("http://h/x?a=1", [("b", "2")], "http://h/x?a=1&b=2"),
            ("http://h/x", [("t", "1"), ("t", "2")], "http://h/x?t=1&t=2"),
            ("http://h/x", [("k&y", "v=1+2")], "http://h/x?k%26y=v%3D1%2B2"),
            ("http://h/x", [("ü", "日本")], "http://h/x?%C3%BC=%E6%97%A5%E6%9C%AC"),
            ("http://h/x#frag", [("a", "1")], "http://h/x?a=1#frag"),
            ("http://h/x", [("empty", "")], "http://h/x?empty="),
        ])
    func query(url: String, items: [(String, String)], expected: String) {
        #expect(URLBuilder.appendingQuery(items.map { (name: $0.0, value: $0.1) }, to: url) == expected)
    }
}
