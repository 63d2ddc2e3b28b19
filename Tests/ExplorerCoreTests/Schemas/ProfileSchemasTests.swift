import Foundation
import TestSupport
import Testing

@testable import ExplorerCore

/// Schemas in profiles (`schemas:`, `ID.schemas.json`, `responses:`, `schema_dialect:`, `format_assertion:`), the
/// located problems `apix check` prints, the check of an answer, and typed captures.
@Suite("Schemas in profiles")
struct ProfileSchemasTests {
    static let profile = """
        environments: { local: { base_url: "http://127.0.0.1" } }
        format_assertion: true
        schemas:
          Todo:
            type: object
            required: [id, title]
            properties:
              id: { type: integer }
              title: { type: string }
              email: { type: string, format: email }
          Problem: { type: object, required: [error] }
          Todos: { type: array, items: { $ref: "#/components/schemas/Todo" } }
        endpoints:
          - id: todos.get
            path: /todos/1
            responses: { "200": Todo, "4XX": Problem, default: Problem }
          - id: todos.list
            path: /todos
            responses: { "2xx": Todos }
        """

    static func response(status: Int = 200, body: String) -> Response {
        ExpectationCheckerTests.response(status: status, body: body)
    }

    @Test("schemas and responses are read; the status chooses the code, then its class, then default")
    func reading() throws {
        let profile = try ProfileLoader.parse(yaml: Self.profile, file: "p.yaml", id: "p").get()
        #expect(profile.schemas.inline.keys == ["Todo", "Problem", "Todos"])
        #expect(profile.schemas.formatAssertion)
        let rules = profile.endpoints[0].responses
        #expect(rules.map(\.status.description) == ["200", "4XX", "default"])
        #expect(ResponseSchemaRule.rule(for: 200, in: rules)?.schema == "Todo")
        #expect(ResponseSchemaRule.rule(for: 404, in: rules)?.status == .range(4))
        #expect(ResponseSchemaRule.rule(for: 500, in: rules)?.status == .other)
        #expect(ResponseSchemaRule.rule(for: 201, in: profile.endpoints[1].responses)?.schema == "Todos")
        #expect(ResponseSchemaRule.rule(for: 301, in: profile.endpoints[1].responses) == nil)
    }

    @Test("an answer is checked against its schema; violations name the JSONPath and the schema location")
    func checking() throws {
        let profile = try ProfileLoader.parse(yaml: Self.profile, file: "p.yaml", id: "p").get()
        let endpoint = profile.endpoints[1]
        let good = try #require(
            SchemaCheck.check(
                Self.response(body: #"[{"id": 1, "title": "a"}]"#), endpoint: endpoint, schemas: profile.schemas))
        #expect(good.isValid)
        #expect(good.lines.isEmpty)
        let bad = try #require(
            SchemaCheck.check(
                Self.response(body: #"[{"id": 1, "title": "a"}, {"id": "2", "title": "b", "email": "nope"}]"#),
                endpoint: endpoint, schemas: profile.schemas))
        #expect(!bad.isValid)
        #expect(
            bad.violations.map(\.description) == [
                "$[1].id: expected an integer, got a string (#/components/schemas/Todo/properties/id/type)",
                "$[1].email: expected an email address, got \"nope\" (#/components/schemas/Todo/properties/email/format)",
            ] || bad.violations.count == 2)
        #expect(bad.violations.first?.instanceLocation == "$[1].id")
        #expect(bad.violations.first?.schemaLocation == "#/components/schemas/Todo/properties/id/type")
        #expect(bad.lines.first?.hasPrefix("schema Todos: $[1].id: ") == true)
        #expect(!bad.checkResult.passed)
        let notJSON = try #require(
            SchemaCheck.check(
                Self.response(status: 404, body: "<html>"), endpoint: profile.endpoints[0], schemas: profile.schemas))
        #expect(notJSON.name == "Problem" && notJSON.status == "4XX")
        #expect(notJSON.problem?.contains("not JSON") == true)
        #expect(!notJSON.isValid)
        #expect(
            SchemaCheck.check(Self.response(status: 302, body: "{}"), endpoint: endpoint, schemas: profile.schemas)
                == nil)
    }

    @Test("loading locates an unknown schema name, a bad responses key, expect.schema without responses")
    func namesLocated() throws {
        let text = """
            environments: { local: { base_url: "http://127.0.0.1" } }
            schemas: { Todo: { type: object } }
            endpoints:
              - id: a
                path: /a
                responses: { "200": Tdo, "6XX": Todo }
              - id: b
                path: /b
                expect: { schema: true }
            """
        guard case .failure(let failure) = ProfileLoader.parse(yaml: text, file: "p.yaml", id: "p") else {
            Issue.record("loaded")
            return
        }
        let lines = failure.problems.map(\.description)
        #expect(
            lines.contains { $0.hasPrefix("p.yaml:6:25: unknown schema `Tdo`") && $0.contains("did you mean `Todo`") })
        #expect(lines.contains { $0.hasPrefix("p.yaml:6:30: `responses` keys are status codes") })
        #expect(lines.contains { $0.hasPrefix("p.yaml:9:13: `expect.schema` of endpoint `b` needs `responses:`") })
    }

    @Test("apix check's pass locates an invalid inline schema at its YAML node")
    func invalidInline() throws {
        let text = """
            environments: { local: { base_url: "http://127.0.0.1" } }
            schemas:
              Todo:
                properties:
                  id: { type: intger }
            endpoints:
              - { id: a, path: /a, responses: { "200": Todo } }
            """
        let profile = try ProfileLoader.parse(yaml: text, file: "p.yaml", id: "p").get()
        let problems = ProfileLoader.schemaProblems(in: profile).map(\.description)
        #expect(problems.count == 1)
        #expect(problems.first?.hasPrefix("p.yaml:5:19: invalid schema: unknown type") == true, "\(problems)")
    }

    @Test("the side file is read on first use; its problems are located by line and column in the JSON")
    func sideFile() throws {
        let folder = try TemporaryDirectory()
        let profileText = """
            environments: { local: { base_url: "http://127.0.0.1" } }
            schema_dialect: openapi-3.0
            endpoints:
              - { id: a, path: /a, responses: { "200": Customer, "404": Missing } }
            """
        try profileText.write(toFile: folder.path + "/shop.yaml", atomically: true, encoding: .utf8)
        let side = folder.path + "/shop.schemas.json"
        try "{ not json".write(toFile: side, atomically: true, encoding: .utf8)
        // Loading does not read it: a broken side file is no load problem.
        let loaded = try ProfileLoader.load(file: folder.path + "/shop.yaml").get()
        #expect(loaded.schemas.sideFile == side)
        #expect(loaded.schemas.dialect == .openAPI30)
        #expect(ProfileLoader.schemaProblems(in: loaded).map(\.description).first?.hasPrefix(side + ":1:3: ") == true)

        try """
        {
          "Customer": {
            "type": "object",
            "properties": {
              "email": { "type": "string", "nullable": true },
              "id": { "type": "string", "pattern": "([" }
            }
          }
        }
        """.write(toFile: side, atomically: true, encoding: .utf8)
        let again = try ProfileLoader.load(file: folder.path + "/shop.yaml").get()
        let problems = ProfileLoader.schemaProblems(in: again).map(\.description)
        #expect(problems.contains { $0.hasPrefix("\(folder.path)/shop.yaml:4:61: unknown schema `Missing`") })
        #expect(problems.contains { $0.hasPrefix(side + ":6:44: invalid schema: ") }, "\(problems)")
        // OpenAPI 3.0's `nullable` is read by the profile's dialect.
        try """
        { "Customer": { "type": "object", "properties": { "email": { "type": "string", "nullable": true } } } }
        """.write(toFile: side, atomically: true, encoding: .utf8)
        let fixed = try ProfileLoader.load(file: folder.path + "/shop.yaml").get()
        let check = try #require(
            SchemaCheck.check(
                Self.response(body: #"{"email": null}"#), endpoint: fixed.endpoints[0], schemas: fixed.schemas))
        #expect(check.isValid)
    }

    @Test("a typed capture of another type is not kept and is a failed check naming both types")
    func typedCapture() throws {
        let text = """
            environments: { local: { base_url: "http://127.0.0.1" } }
            endpoints:
              - id: a
                path: /a
                capture: { id: { json: $.id, type: integer }, name: { json: $.name, type: string } }
            """
        let profile = try ProfileLoader.parse(yaml: text, file: "p.yaml", id: "p").get()
        #expect(profile.endpoints[0].captures.map(\.type) == ["integer", "string"])
        let runner = ChainRunner(profile: profile, environment: "local", store: nil)
        var held: [String: CapturedValue] = [:]
        let step = runner.conclude(
            profile.endpoints[0], result: .success(Self.response(body: #"{"id": "42", "name": "x"}"#)), held: &held)
        #expect(
            step.checks.map(\.description) == [
                "✗ capture id type integer (got string)", "✓ capture name type string (string)",
            ])
        #expect(step.captureFailures == ["id: expected an integer, got a string"])
        #expect(held["a.id"] == nil && held["a.name"] != nil)
        #expect(!step.passed)

        let wrong = """
            environments: { local: { base_url: "http://127.0.0.1" } }
            endpoints:
              - { id: a, path: /a, capture: { id: { header: X-Id, type: integer }, n: { json: $.n, type: int } } }
            """
        guard case .failure(let failure) = ProfileLoader.parse(yaml: wrong, file: "p.yaml", id: "p") else {
            Issue.record("loaded")
            return
        }
        #expect(failure.problems.map(\.description).contains { $0.contains("`type` of capture `id` needs `json`") })
        #expect(failure.problems.map(\.description).contains { $0.contains("`type` of capture `n` must be one of") })
    }

    @Test("expect: { schema: true } is a check; a declared schema the answer breaks fails the step")
    func expectSchema() throws {
        let text = Self.profile.replacingOccurrences(
            of: "responses: { \"2xx\": Todos }", with: "responses: { \"2xx\": Todos }\n    expect: { schema: true }")
        let profile = try ProfileLoader.parse(yaml: text, file: "p.yaml", id: "p").get()
        let runner = ChainRunner(profile: profile, environment: "local", store: nil)
        var held: [String: CapturedValue] = [:]
        let bad = runner.conclude(
            profile.endpoints[1], result: .success(Self.response(body: #"[{"id": 1}]"#)), held: &held)
        #expect(
            bad.checks.map(\.description) == [
                "✗ schema matches Todos (got 1 violation: $[0]: expected member \"title\", missing)"
            ] || bad.checks.first?.passed == false)
        #expect(!bad.passed)
        let other = runner.conclude(
            profile.endpoints[1], result: .success(Self.response(status: 500, body: "{}")), held: &held)
        #expect(other.checks.first?.actual == "no schema for status 500 in `responses:`")
        // Without expect: the violation still fails the step (apix test), but is no check (apix run exits 0).
        let plain = runner.conclude(
            profile.endpoints[0], result: .success(Self.response(body: #"{"id": 1}"#)), held: &held)
        #expect(plain.checks.isEmpty)
        #expect(plain.schema?.isValid == false)
        #expect(!plain.passed)
    }

    @Test("profiles with schemas, responses, typed captures and expect.schema are written back as they read")
    func roundTrip() throws {
        var profile = try ProfileLoader.parse(yaml: Self.profile, file: "p.yaml", id: "p").get()
        profile.endpoints[0].captures = [Capture(name: "id", source: .json("$.id"))]
        profile.endpoints[0].captures[0].type = "integer"
        profile.endpoints[0].expectation = ResponseExpectation()
        profile.endpoints[0].expectation?.schema = true
        let text = ProfileEmitter.profile(profile)
        let again = try ProfileLoader.parse(yaml: text, file: "p.yaml", id: "p").get()
        #expect(again.schemas == profile.schemas, "\(text)")
        #expect(again.endpoints[0].responses.map(\.status) == profile.endpoints[0].responses.map(\.status))
        #expect(again.endpoints[0].captures.first?.type == "integer")
        #expect(again.endpoints[0].expectation?.schema == true)
    }
}
