import Foundation
import Testing

@testable import ExplorerCore

/// The shape mistakes a hand-written profile meets first (other tools' habits) are answered with the form that loads,
/// built from the user's own text; and that form does load.
@Suite("profile shape hints")
struct ProfileShapeHintTests {
    static func problems(_ yaml: String) -> [String] {
        switch ProfileLoader.parse(yaml: yaml, file: "/p/a.yaml", id: "a") {
        case .success: []
        case .failure(let failure): failure.problems.map(\.description)
        }
    }

    static func endpoint(_ lines: String, base: String = "http://127.0.0.1:1") -> String {
        "environments:\n  local: { base_url: \"\(base)\" }\nendpoints:\n  - id: one\n    path: /x\n\(lines)"
    }

    @Test("each mistake: its place, what was wrong and the form that loads; the form given loads")
    func hints() {
        let cases: [(wrong: String, message: String, right: String)] = [
            (
                Self.endpoint("", base: "localhost:8080"),
                #"/p/a.yaml:2:22: `base_url` must be an http://, https://, ws:// or wss:// URL with a host, got "localhost:8080"; did you mean `http://localhost:8080`?"#,
                Self.endpoint("", base: "http://localhost:8080")
            ),
            (
                Self.endpoint("    headers:\n      - \"X-Team: core\"\n"),
                "/p/a.yaml:7:7: `headers` must be a mapping, got a list; write it as a mapping: `headers: { X-Team: core }`",
                Self.endpoint("    headers: { X-Team: core }\n")
            ),
            (
                Self.endpoint("    query: [\"page=2\"]\n"),
                "/p/a.yaml:6:12: `query` must be a mapping, got a list; write it as a mapping: `query: { page: 2 }`",
                Self.endpoint("    query: { page: 2 }\n")
            ),
            (
                Self.endpoint("    body: '{\"a\": [1, 2]}'\n"),
                #"/p/a.yaml:6:11: `body` must be a mapping, got the string "{"a": [1, 2]}"; name its kind: `body: { json: {"a": [1, 2]} }` (JSON is YAML: no quotes)"#,
                Self.endpoint("    body: { json: {\"a\": [1, 2]} }\n")
            ),
            (
                "environments:\n  local: { base_url: \"http://h\" }\nendpoints:\n  users:\n    path: /users\n",
                "/p/a.yaml:4:3: `endpoints` must be a list, got a mapping; each endpoint is a list item with its id: "
                    + "`- id: users` then its keys (`path: /…`) under it",
                "environments:\n  local: { base_url: \"http://h\" }\nendpoints:\n  - id: users\n    path: /users\n"
            ),
            (
                Self.endpoint("    capture: { token: \"$.json.token\" }\n"),
                #"/p/a.yaml:6:23: capture `token` must be a mapping, got the string "$.json.token"; name its source: `token: { json: "$.json.token" }`"#,
                Self.endpoint("    capture: { token: { json: \"$.json.token\" } }\n")
            ),
            (
                Self.endpoint("    capture: { id: X-Id }\n"),
                #"/p/a.yaml:6:20: capture `id` must be a mapping, got the string "X-Id"; name its source: `id: { json: $.id }` (or `header: NAME`, `cookie: NAME`, `status: true`, `regex: …`)"#,
                Self.endpoint("    capture: { id: { header: X-Id } }\n")
            ),
            (
                Self.endpoint(
                    "    capture: { token: { json: $.token } }\n  - id: two\n    path: /y\n    headers: { A: \"{{token}}\" }\n"
                ),
                "/p/a.yaml:9:19: unknown variable `{{token}}` in header `A` of endpoint `two`: `token` is captured by "
                    + "endpoint `one`: write `{{one.token}}`",
                Self.endpoint(
                    "    capture: { token: { json: $.token } }\n  - id: two\n    path: /y\n    headers: { A: \"{{one.token}}\" }\n"
                )
            ),
            (
                "environments:\n\tlocal: { base_url: \"http://h\" }\n",
                "/p/a.yaml:2:1: YAML syntax error: found character that cannot start any token (while scanning for the "
                    + "next token at line 2, column 1); a tab: YAML indents with spaces only",
                "environments:\n  local: { base_url: \"http://h\" }\n"
            ),
        ]
        for (wrong, message, right) in cases {
            #expect(Self.problems(wrong) == [message])
            #expect(Self.problems(right) == [], "the hint's form loads: \(right)")
        }
    }

    @Test("a body that is not JSON is told its kinds; text too long to quote is not quoted")
    func bodyKinds() {
        #expect(
            Self.problems(Self.endpoint("    body: hello\n")).first?.hasSuffix(
                "name its kind: `body: { text: … }` (or `form`, `multipart`, `file`, `graphql`)") == true)
        let long = "{\"" + String(repeating: "k", count: 80) + "\": 1}"
        let problem = Self.problems(Self.endpoint("    body: '\(long)'\n")).first ?? ""
        #expect(problem.hasSuffix("name its kind: `body: { json: … }` (or `form`, `multipart`, `file`, `graphql`)"))
    }
}
