import Foundation
import TestSupport
import Testing

/// `{{variables}}` in `expect:` values through `apix run` and `apix test` against the real demo API: the profile's
/// variables fill them, `--var` overrides them, and a failed check says what it expected once filled.
@Suite("apix run and apix test fill variables in expect:")
struct ExpectVariablesCommandTests {
    static func profile(port: Int) -> String {
        """
        environments: { local: { base_url: "http://127.0.0.1:\(port)" } }
        variables: { title: Buy milk }
        endpoints:
          - id: todo
            path: /todos/1
            expect: { json: { "$.title": { "==": "{{title}}" } }, body_contains: "{{title}}" }
        """
    }

    @Test("the profile's variable fills the check; --var points it elsewhere and the failure names the filled value")
    func filled() async throws {
        let folder = try TemporaryDirectory()
        let environment = ["XDG_STATE_HOME": folder.path + "/state"]
        try await withDemoServer { server in
            try Self.profile(port: server.port).write(
                toFile: folder.path + "/vars.yaml", atomically: true, encoding: .utf8)
            let passing = try await ApixProcess.run(
                ["run", "vars", "todo", "--profiles", folder.path], environment: environment)
            #expect(passing.status == 0, "\(passing.stderr)")
            let failing = try await ApixProcess.run(
                ["run", "vars", "todo", "--var", "title=Walk", "--profiles", folder.path], environment: environment)
            #expect(failing.status == 1)
            #expect(
                failing.stderr.contains(#"apix: check failed: ✗ $.title == "Walk" (got "Buy milk")"#),
                "\(failing.stderr)")
            #expect(failing.stderr.contains("apix: check failed: ✗ body contains Walk (got not found)"))
            let test = try await ApixProcess.run(
                ["test", "vars", "--var", "title=Walk", "--profiles", folder.path], environment: environment)
            #expect(test.status == 1)
            #expect(test.stderr.contains(#"✗ $.title == "Walk" (got "Buy milk")"#), "\(test.stderr)")
            let passed = try await ApixProcess.run(
                ["test", "vars", "--profiles", folder.path], environment: environment)
            #expect(passed.status == 0, "\(passed.stderr)")
        }
    }
}
