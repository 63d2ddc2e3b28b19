import Foundation
import Testing

@testable import ExplorerCore

/// `expect:` checks against responses built in memory (pure logic; the network path is covered by the CLI tests).
@Suite("ResponseExpectation checks")
struct ExpectationCheckerTests {
    static func response(
        status: Int = 200, headers: [(String, String)] = [("Content-Type", "application/json")], body: String,
        milliseconds: Int64 = 20
    ) -> Response {
        var fields = HTTPHeaders()
        for (name, value) in headers { fields.add(name, value) }
        return Response(
            method: .get, url: "http://127.0.0.1/items", statusCode: status, reason: "OK", headers: fields,
            body: ResponseBody(data: Data(body.utf8)), metrics: Metrics(total: .milliseconds(milliseconds)))
    }

    static func expectation(_ yaml: String) throws -> ResponseExpectation {
        let text = """
            name: Checks
            environments: { local: { base_url: "http://127.0.0.1" } }
            endpoints:
              - id: items.list
                path: /items
                expect:
            \(yaml.split(separator: "\n").map { "      " + $0 }.joined(separator: "\n"))
            """
        let profile = try ProfileLoader.parse(yaml: text, file: "checks.yaml", id: "checks").get()
        return try #require(profile.endpoints[0].expectation)
    }

    static let body = #"{"items": [{"id": 1, "done": true}, {"id": 2, "done": false}, {"id": 3}], "total": 3}"#

    @Test("every kind of check passes on a matching response, in the order written")
    func passing() throws {
        let expectation = try Self.expectation(
            """
            status: 2xx
            headers: { Content-Type: { matches: "^application/json" }, X-Request-Id: { present: false } }
            json:
              "$.items": { count: 3 }
              "$.items[0].id": { "==": 1 }
              "$.total": { ">=": 3, "<": 10, type: integer }
              "$.items[?@.done == true]": { exists: true }
            body_contains: items
            max_ms: 500
            """)
        let results = ExpectationChecker.check(expectation, against: Self.response(body: Self.body))
        #expect(results.count == 11)
        let failing = results.filter { !$0.passed }.map(\.description)
        #expect(failing.isEmpty, "\(failing)")
        #expect(
            results.map(\.subject).prefix(4) == ["status", "header Content-Type", "header X-Request-Id", "$.items"])
    }

    @Test("a failing check says what was expected and what was found")
    func failing() throws {
        let expectation = try Self.expectation(
            """
            status: [200, 204]
            json: { "$.total": { ">": 3 }, "$.missing": { exists: true } }
            max_ms: 10
            """)
        let results = ExpectationChecker.check(expectation, against: Self.response(status: 404, body: Self.body))
        #expect(results.map(\.passed) == [false, false, false, false])
        #expect(results[0].description == "✗ status 200 or 204 (got 404)")
        #expect(results[1].description == "✗ $.total > 3 (got 3)")
        #expect(results[2].actual == "no match")
        #expect(results[3].actual == "20 ms")
    }

    @Test("JSON checks on a body that is not JSON fail with the reason, and server text is escaped")
    func notJSON() throws {
        let expectation = try Self.expectation(
            #"json: { "$.a": { "==": 1 } }"# + "\nheaders: { X-Evil: { equals: x } }")
        let response = Self.response(headers: [("X-Evil", "\u{1B}]0;pwned\u{07}")], body: "<html>")
        let results = ExpectationChecker.check(expectation, against: response)
        #expect(results[0].subject == "header X-Evil" && results[0].passed == false)
        #expect(!results[0].actual.contains("\u{1B}") && results[0].actual.contains("pwned"))
        #expect(results[1].passed == false)
        #expect(results[1].actual.hasPrefix("body is not JSON"))
    }

    @Test("contains: text in a header or a JSON string as written, a value equal to an element of a JSON array")
    func contains() throws {
        let expectation = try Self.expectation(
            """
            headers: { Content-Type: { contains: json }, Cache-Control: { contains: "max-age=60" } }
            json:
              "$.name": { contains: "a.c" }
              "$.tags": { contains: beta }
              "$.items": { contains: { id: 2, done: false } }
              "$.ids": { contains: 3 }
              "$.missing": { contains: x }
              "$.total": { contains: 3 }
            """)
        let body =
            #"{"name": "a.c!", "tags": ["alpha", "beta"], "items": [{"id": 1}, {"done": false, "id": 2}],"#
            + #" "ids": [1, 2.0, 3.0], "total": 3}"#
        let response = Self.response(headers: [("Content-Type", "application/json; charset=utf-8")], body: body)
        let results = ExpectationChecker.check(expectation, against: response)
        // `.` is a character here, not a pattern; 3 equals 3.0 (RFC 9535); objects equal whatever their key order.
        #expect(results.map(\.passed) == [true, false, true, true, true, true, false, false], "\(results)")
        #expect(results[1].description == "✗ header Cache-Control contains max-age=60 (got absent)")
        #expect(results[6].actual == "0 values (contains needs one)")
        #expect(results[7].description == "✗ $.total contains 3 (got 3)")
        // Loaded back from what a save writes, the checks are the same.
        let text = ProfileEmitter.profile(
            try ProfileLoader.parse(
                yaml: """
                    environments: { local: { base_url: "http://h" } }
                    endpoints:
                      - { id: a, path: /, expect: { headers: { X: { contains: "y" } }, json: { "$.t": { contains: [1] } } } }
                    """, file: "a.yaml", id: "a"
            ).get())
        let reloaded = try ProfileLoader.parse(yaml: text, file: "a.yaml", id: "a").get()
        #expect(reloaded.endpoints[0].expectation?.headers.first?.check == .contains("y"), "\(text)")
        #expect(reloaded.endpoints[0].expectation?.json.first?.check == .contains(.array([.number("1")])), "\(text)")
    }

    @Test("keys and checks other tools use (time, body, code; equals, includes, length) are answered with apix's")
    func otherToolsKeys() {
        let text = """
            environments: { local: { base_url: "http://h" } }
            endpoints:
              - { id: a, path: /, expect: { time: 5, body: x, code: 200, stat: 200 } }
            """
        guard case .failure(let failure) = ProfileLoader.parse(yaml: text, file: "t.yaml", id: "t") else {
            Issue.record("loaded")
            return
        }
        let messages = failure.problems.map { "\($0.location.column):\($0.message)" }
        #expect(
            messages == [
                "33:unknown key `time` in `expect`; the whole exchange's limit is `max_ms: 500`; a phase's, "
                    + "`timing: { total: \"< 500ms\" }`",
                "42:unknown key `body` in `expect`; text the body holds is `body_contains: TEXT`; a JSON value, "
                    + "`json: { \"$.a\": VALUE }`",
                "51:unknown key `code` in `expect`; the status is `status: 200` (or `2xx`, or a list)",
                // A spelling slip still gets the spelling suggestion.
                "62:unknown key `stat` in `expect`; did you mean `status`?",
            ])
        let json = """
            environments: { local: { base_url: "http://h" } }
            endpoints:
              - { id: a, path: /, expect: { json: { "$.a": { equals: 1, includes: x, length: 2 } } } }
            """
        guard case .failure(let checks) = ProfileLoader.parse(yaml: json, file: "t.yaml", id: "t") else {
            Issue.record("loaded")
            return
        }
        #expect(
            checks.problems.map(\.message) == [
                "unknown check `equals` in `expect.json`; did you mean `==`?",
                "unknown check `includes` in `expect.json`; did you mean `contains`?",
                "unknown check `length` in `expect.json`; did you mean `count`?",
            ])
    }
}
