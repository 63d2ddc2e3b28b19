import Foundation
import Testing

@testable import ExplorerCore

/// One located test per kind of profile error: each breaks a valid profile in one place and checks the exact
/// line, column and message.
@Suite("Profile errors are located")
struct ProfileErrorTests {
    static let valid = """
        name: Errors
        default_environment: local
        variables: { user: demo }
        environments:
          local:
            base_url: "http://127.0.0.1:8080"
            variables: { token: t }
        timeout: 10
        endpoints:
          - id: todos.get
            method: GET
            path: /todos/{id}
            params: { id: 1 }
            headers: { X-User: "{{user}}" }
          - id: todos.create
            method: POST
            path: /todos
            body: { json: { title: "{{token}}" } }
        """

    struct Case: Sendable, CustomStringConvertible {
        var kind: String
        var find: String
        var replace: String
        var line: Int
        var column: Int
        var message: String

        var description: String { kind }
    }

    static let cases: [Case] = [
        Case(
            kind: "YAML syntax", find: "    method: POST", replace: "    method: POST: x", line: 16, column: 17,
            message: "YAML syntax error: mapping values are not allowed in this context"),
        Case(
            kind: "wrong type (list for seconds)", find: "timeout: 10", replace: "timeout: [1, 2]", line: 8, column: 10,
            message: "`timeout` must be a number of seconds, got a list"),
        Case(
            kind: "seconds too many for a Duration (trapped before)", find: "timeout: 10", replace: "timeout: 1e300",
            line: 8, column: 10, message: "`timeout` must be at most 1000000000 seconds, got 1e300"),
        Case(
            kind: "wrong type (list for string)", find: "method: GET", replace: "method: [GET]", line: 11, column: 13,
            message: "`method` must be a string, got a list"),
        Case(
            kind: "wrong type (string for boolean)", find: "timeout: 10", replace: "insecure: maybe", line: 8,
            column: 11, message: "`insecure` must be true or false, got the string \"maybe\""),
        Case(
            kind: "wrong type (list for mapping)", find: "variables: { user: demo }", replace: "variables: [user]",
            line: 3, column: 12, message: "`variables` must be a mapping, got a list"),
        Case(
            kind: "missing key in an endpoint", find: "    path: /todos\n", replace: "", line: 15, column: 5,
            message: "endpoint is missing required key `path`"),
        Case(
            kind: "missing key in an environment", find: "    base_url: \"http://127.0.0.1:8080\"\n",
            replace: "    headers: { A: b }\n", line: 6, column: 5,
            message: "environment `local` is missing required key `base_url`"),
        Case(
            kind: "unknown key with a suggestion", find: "    params:", replace: "    parmas:", line: 13, column: 5,
            message: "unknown key `parmas` in endpoint; did you mean `params`?"),
        Case(
            kind: "unknown top-level key", find: "timeout: 10", replace: "timeuot: 10", line: 8, column: 1,
            message: "unknown key `timeuot` in profile; did you mean `timeout`?"),
        Case(
            kind: "bad method", find: "method: POST", replace: "method: \"PO ST\"", line: 16, column: 13,
            message: "`method` must be an HTTP method such as GET or POST, got \"PO ST\""),
        Case(
            kind: "bad base URL", find: "\"http://127.0.0.1:8080\"", replace: "\"127.0.0.1:8080\"", line: 6,
            column: 15,
            message:
                "`base_url` must be an http://, https://, ws:// or wss:// URL with a host, got \"127.0.0.1:8080\"; "
                + "did you mean `http://127.0.0.1:8080`?"),
        Case(
            kind: "duplicate endpoint id", find: "id: todos.create", replace: "id: todos.get", line: 15, column: 5,
            message: "duplicate endpoint id `todos.get` (first defined at line 10)"),
        Case(
            kind: "placeholder without a value", find: "params: { id: 1 }", replace: "params: { ident: 1 }",
            line: 12, column: 11,
            message: "path placeholder `{id}` has no value: add `id` under `params` (null if the user must fill it)"),
        Case(
            kind: "unknown default environment", find: "default_environment: local",
            replace: "default_environment: prod", line: 2, column: 22,
            message: "unknown environment `prod` in `default_environment` (known: local)"),
        Case(
            kind: "unknown variable in a header", find: "\"{{user}}\"", replace: "\"{{usr}}\"", line: 14, column: 24,
            message: "unknown variable `{{usr}}` in header `X-User` of endpoint `todos.get`: define it under "
                + "`variables`, in an environment's `variables` or in errors.secrets.yaml"),
        Case(
            kind: "unknown variable in a body", find: "\"{{token}}\"", replace: "\"{{tokn}}\"", line: 18, column: 28,
            message: "unknown variable `{{tokn}}` in the body of endpoint `todos.create`: define it under "
                + "`variables`, in an environment's `variables` or in errors.secrets.yaml"),
        Case(
            kind: "unknown variable in the base URL", find: "\"http://127.0.0.1:8080\"",
            replace: "\"http://{{host}}:8080\"", line: 6, column: 15,
            message: "unknown variable `{{host}}` in `base_url` of environment `local`: define it under "
                + "`variables`, in an environment's `variables` or in errors.secrets.yaml"),
        Case(
            kind: "bad priority", find: "method: GET", replace: "priority: urgent", line: 11, column: 15,
            message: "`priority` must be high, normal or low, got \"urgent\""),
    ]

    @Test("the valid profile loads")
    func validLoads() throws {
        let profile = try ProfileLoader.parse(yaml: Self.valid, file: "/p/errors.yaml", id: "errors").get()
        #expect(profile.endpoints.map(\.id) == ["todos.get", "todos.create"])
    }

    @Test("each error kind names its file, line, column and what was expected", arguments: cases)
    func located(_ error: Case) throws {
        #expect(Self.valid.contains(error.find), "the case must change the profile")
        let yaml = Self.valid.replacingOccurrences(of: error.find, with: error.replace)
        let result = ProfileLoader.parse(yaml: yaml, file: "/p/errors.yaml", id: "errors")
        guard case .failure(let failure) = result else {
            Issue.record("expected a problem for \(error.kind)")
            return
        }
        let expected = "/p/errors.yaml:\(error.line):\(error.column): \(error.message)"
        #expect(failure.problems.map(\.description).contains(expected), "got \(failure.problems)")
        #expect(failure.problems.count <= 2, "consequential problems stay few: \(failure.problems)")
    }

    @Test("several problems in one file are all reported, in file order")
    func severalProblems() throws {
        var yaml = Self.valid.replacingOccurrences(of: "method: GET", with: "method: \"G T\"")
        yaml = yaml.replacingOccurrences(of: "    path: /todos\n", with: "")
        guard case .failure(let failure) = ProfileLoader.parse(yaml: yaml, file: "/p/e.yaml", id: "e") else {
            Issue.record("expected problems")
            return
        }
        #expect(failure.problems.map(\.location.line) == [11, 15])
    }
}
