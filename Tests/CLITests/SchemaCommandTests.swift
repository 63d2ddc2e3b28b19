import Foundation
import TestSupport
import Testing

@testable import ExplorerCore

/// `apix run`, `apix test` and `apix check` on a profile whose endpoints name schemas, against the real demo API:
/// a line per violation on stderr, `--json`'s `schema`, the exit statuses (`expect: { schema: true }`,
/// `--strict-schema`), and located schema problems.
@Suite("apix run, test and check with schemas")
struct SchemaCommandTests {
    static func profile(port: Int) -> String {
        """
        environments: { local: { base_url: "http://127.0.0.1:\(port)" } }
        schemas:
          Todo:
            type: object
            required: [id, title, completed, user_id]
            additionalProperties: false
            properties:
              id: { type: integer, minimum: 1 }
              title: { type: string }
              completed: { type: boolean }
              user_id: { type: integer }
          Error: { type: object, required: [error], properties: { error: { type: string } } }
          StrictTodo:
            allOf: [{ $ref: "#/components/schemas/Todo" }]
            properties: { id: { type: string } }
        endpoints:
          - id: todo
            path: /todos/{id}
            params: { id: 1 }
            capture: { id: { json: $.id, type: integer }, title: { json: $.title, type: integer } }
            responses: { "200": Todo, "4XX": Error }
          - id: todo.wrong
            path: /todos/1
            responses: { "200": StrictTodo }
          - id: todo.expected
            path: /todos/1
            responses: { "200": StrictTodo }
            expect: { status: 200, schema: true }
          - id: plain
            path: /todos/1
          - id: echo.bad
            method: POST
            path: /echo
            body: { json: { title: 42, completed: false, user_id: 1 } }
            request_schema: Todo
        """
    }

    static func withProfile(_ body: (_ folder: String, _ environment: [String: String]) async throws -> Void)
        async throws
    {
        let folder = try TemporaryDirectory()
        try await withDemoServer { server in
            try Self.profile(port: server.port).write(
                toFile: folder.path + "/schemas.yaml", atomically: true, encoding: .utf8)
            try await body(folder.path, ["XDG_STATE_HOME": folder.path + "/state"])
        }
    }

    @Test("a violation is a line on stderr and --json's schema; exit 0 unless expect.schema or --strict-schema")
    func run() async throws {
        try await Self.withProfile { folder, environment in
            let wrong = try await ApixProcess.run(
                ["run", "schemas", "todo.wrong", "--profiles", folder, "--no-history"], environment: environment)
            #expect(wrong.status == 0, "\(wrong.stderr)")
            #expect(
                wrong.stderr.contains(
                    "apix: schema StrictTodo: $.id: expected a string, got a number "
                        + "(#/components/schemas/StrictTodo/properties/id/type)"), "\(wrong.stderr)")
            let strict = try await ApixProcess.run(
                ["run", "schemas", "todo.wrong", "--profiles", folder, "--no-history", "--strict-schema"],
                environment: environment)
            #expect(strict.status == 1)
            let json = try await ApixProcess.run(
                ["run", "schemas", "todo.wrong", "--profiles", folder, "--no-history", "--json"],
                environment: environment)
            #expect(json.status == 0)
            #expect(!json.stderr.contains("schema StrictTodo"))
            let document = try JSONValue.parse(json.text)
            let schema = try #require(document["schema"])
            #expect(schema["name"] == .string("StrictTodo"))
            #expect(schema["valid"] == .bool(false))
            #expect(schema["violations"]?[0]?["path"] == .string("$.id"))
            #expect(
                schema["violations"]?[0]?["schema_location"]
                    == .string("#/components/schemas/StrictTodo/properties/id/type"))
            #expect(schema["violations"]?[0]?["message"] == .string("expected a string, got a number"))

            let expected = try await ApixProcess.run(
                ["run", "schemas", "todo.expected", "--profiles", folder, "--no-history"], environment: environment)
            #expect(expected.status == 1)
            #expect(expected.stderr.contains("apix: check failed: ✗ schema matches StrictTodo (got 1 violation: $.id"))

            // The 404 answer is checked against the 4XX schema, and matches it.
            let missing = try await ApixProcess.run(
                [
                    "run", "schemas", "todo", "-p", "id=999", "--profiles", folder, "--no-history", "--json",
                    "--strict-schema",
                ], environment: environment)
            #expect(missing.status == 0, "\(missing.stderr)")
            let missingSchema = try JSONValue.parse(missing.text)["schema"]
            #expect(missingSchema?["name"] == .string("Error") && missingSchema?["status"] == .string("4XX"))
            #expect(missingSchema?["valid"] == .bool(true))

            // No schema for the endpoint: --strict-schema says so and fails.
            let plain = try await ApixProcess.run(
                ["run", "schemas", "plain", "--profiles", folder, "--no-history", "--strict-schema"],
                environment: environment)
            #expect(plain.status == 1)
            #expect(plain.stderr.contains("apix: --strict-schema: no schema for status 200 in `responses:`"))
        }
    }

    @Test("a body that breaks its request_schema is a warning before the send, which still goes; exit 0")
    func requestBody() async throws {
        try await Self.withProfile { folder, environment in
            let out = try await ApixProcess.run(
                ["run", "schemas", "echo.bad", "--profiles", folder, "--no-history"], environment: environment)
            #expect(out.status == 0, "\(out.stderr)")
            // readOnly is not in play here: `id` is required of a Todo and missing.
            #expect(
                out.stderr.contains(
                    "apix: warning: request body: schema Todo: $.title: expected a string, got a number "
                        + "(#/components/schemas/Todo/properties/title/type)"), "\(out.stderr)")
            #expect(out.stderr.contains("apix: warning: request body: schema Todo: $: expected member \"id\""))
            // The echo shows the body went as built.
            #expect(out.text.contains(#""body":"{\"title\":42,"#), "\(out.text)")
            // Before the status line: the warning is about what is sent.
            let warning = try #require(out.stderr.range(of: "apix: warning: request body"))
            let status = try #require(out.stderr.range(of: "200 OK"))
            #expect(warning.lowerBound < status.lowerBound)
            let json = try await ApixProcess.run(
                ["run", "schemas", "echo.bad", "--profiles", folder, "--no-history", "--json"],
                environment: environment)
            #expect(json.status == 0)
            #expect(json.stderr.contains("apix: warning: request body: schema Todo: $.title"))
            _ = try JSONValue.parse(json.text)
        }
    }

    @Test("apix test fails an answer that violates its schema, and a typed capture of another type")
    func test() async throws {
        try await Self.withProfile { folder, environment in
            let out = try await ApixProcess.run(
                ["test", "schemas", "todo", "todo.wrong", "--profiles", folder, "--no-history"],
                environment: environment)
            #expect(out.status == 1)
            #expect(out.stderr.contains("✗ todo.wrong"), "\(out.stderr)")
            #expect(out.stderr.contains("    ✗ schema StrictTodo: $.id: expected a string, got a number"))
            #expect(out.stderr.contains("✗ todo "))
            #expect(out.stderr.contains("    ✗ capture title type integer (got string)"))
            #expect(out.stderr.contains("0 passed, 2 failed"))
        }
    }

    @Test("apix check locates an unknown name and an invalid schema in the side file")
    func check() async throws {
        let folder = try TemporaryDirectory()
        try """
        environments: { local: { base_url: "http://127.0.0.1:1" } }
        endpoints:
          - { id: a, path: /a, responses: { "200": Customer, default: Eror } }
          - { id: b, method: POST, path: /b, request_schema: Custmer }
        """.write(toFile: folder.path + "/shop.yaml", atomically: true, encoding: .utf8)
        try """
        {
          "Customer": { "type": "object", "required": "id" },
          "Error": { "type": "object" }
        }
        """.write(toFile: folder.path + "/shop.schemas.json", atomically: true, encoding: .utf8)
        let out = try await ApixProcess.run(["check", "--profiles", folder.path])
        #expect(out.status == 3)
        #expect(out.text.contains("/shop.yaml:3:63: unknown schema `Eror` in `responses`"), "\(out.text)")
        #expect(
            out.text.contains(
                "/shop.yaml:4:54: unknown schema `Custmer` in `request_schema`: not in `schemas:` or "
                    + "the schemas file; did you mean `Customer`?"), "\(out.text)")
        #expect(out.text.contains("/shop.schemas.json:2:47: invalid schema: required must be a list of names"))
    }

    @Test("the demo profile's schemas match the demo API's answers: list, one, created, and a 404's error")
    func demoProfile() async throws {
        let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().path
        let state = try TemporaryDirectory()
        try await withDemoServer { server in
            func apix(_ arguments: [String]) async throws -> ApixProcess.Output {
                try await ApixProcess.run(
                    arguments + [
                        "--var", "port=\(server.port)", "--profiles", repository + "/profiles", "--no-history",
                        "--strict-schema", "--json",
                    ], environment: ["XDG_STATE_HOME": state.path])
            }
            for arguments in [["todos.list"], ["todos.get"], ["todos.create"], ["todos.get", "-p", "id=9999"]] {
                let out = try await apix(["run", "demo"] + arguments)
                #expect(out.status == 0, "\(arguments): \(out.stderr) \(out.text.prefix(600))")
                let schema = try JSONValue.parse(out.text)["schema"]
                #expect(schema?["valid"] == .bool(true), "\(arguments): \(String(describing: schema))")
            }
        }
        let check = try await ApixProcess.run(["check", "demo", "--profiles", repository + "/profiles"])
        #expect(check.status == 0, "\(check.text)")
    }
}
