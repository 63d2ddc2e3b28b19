import Foundation
import TestSupport
import Testing

@testable import ExplorerCore

/// `apix check` completeness (issues 12 and 17): everything in one pass, unknown methods, variables that refer to
/// themselves.
@Suite("apix check finds every problem in one pass")
struct ProfileCheckTests {
    func problems(_ yaml: String) -> [String] {
        guard case .failure(let failure) = ProfileLoader.parse(yaml: yaml, file: "/p/shop.yaml", id: "shop") else {
            return []
        }
        return failure.problems.map { "\($0.location.line):\($0.location.column): \($0.message)" }
    }

    @Test("an unknown variable is reported together with structural problems, in file order")
    func unknownVariableWithStructuralProblems() {
        let found = problems(
            """
            environments:
              local: { base_url: "http://h:{{port}}", variables: { port: 80 } }
            endpoints:
              - id: a
                path: /a
                timeout: [1]
                headers: { X-User: "{{usr}}" }
              - id: b
                pth: /b
            """)
        #expect(
            found == [
                "6:14: `timeout` must be a number of seconds, got a list",
                "7:24: unknown variable `{{usr}}` in header `X-User` of endpoint `a`: define it under `variables`, "
                    + "in an environment's `variables` or in shop.secrets.yaml",
                "8:5: endpoint is missing required key `path`",
                "9:5: unknown key `pth` in endpoint; did you mean `path`?",
            ])
    }

    @Test("a variable whose definition is broken, or whose environment lacks base_url, still counts as defined")
    func brokenDefinitionsStillDefine() {
        let found = problems(
            """
            variables: { user: [a, b] }
            environments:
              local: { variables: { port: 80 } }
            endpoints:
              - id: a
                path: "/a/{{user}}:{{port}}"
            """)
        #expect(
            found == [
                "1:20: `variables.user` must be a string, got a list",
                "3:10: environment `local` is missing required key `base_url`",
            ])
    }

    @Test("an unknown method names the known ones and the nearest; custom_method: true lets it through")
    func unknownMethod() throws {
        let yaml = """
            environments: { local: { base_url: "http://h" } }
            endpoints:
              - id: a
                method: POTS
                path: /a
            """
        #expect(
            problems(yaml) == [
                "4:13: unknown method `POTS` (did you mean `POST`?): use one of GET, HEAD, POST, PUT, PATCH, DELETE, "
                    + "OPTIONS, TRACE, CONNECT, or add `custom_method: true` to the endpoint to send it as written"
            ])
        let custom = yaml.replacingOccurrences(of: "method: POTS", with: "method: purge\n    custom_method: true")
        let profile = try ProfileLoader.parse(yaml: custom, file: "/p/shop.yaml", id: "shop").get()
        #expect(profile.endpoint("a")?.method.rawValue == "PURGE")
        #expect(problems(yaml.replacingOccurrences(of: "POTS", with: "patch")).isEmpty)
        #expect(
            problems(yaml.replacingOccurrences(of: "method: POTS", with: "method: GET\n    custom_method: 1"))
                == ["5:20: `custom_method` must be true or false, got a number (1)"])
    }

    @Test("an endpoint with a custom method is written with custom_method: true and loads back")
    func customMethodRoundTrip() throws {
        let directory = try TemporaryDirectory()
        let file = try directory.write(
            "shop.yaml", "environments: { local: { base_url: \"http://h\" } }\nendpoints: []\n")
        let endpoint = Endpoint(id: "purge", method: try #require(HTTPMethod(rawValue: "PURGE")), path: "/cache")
        #expect(
            try ProfileWriter.save(endpoint: endpoint, in: ProfileLoader.load(file: file).get()) == .edited(file: file))
        #expect(
            try String(contentsOfFile: file, encoding: .utf8).contains("    method: PURGE\n    custom_method: true\n"))
        #expect(try ProfileLoader.load(file: file).get().endpoint("purge")?.method.rawValue == "PURGE")
    }

    @Test(
        "variables that refer to themselves are located at load, each cycle once",
        arguments: [
            (
                "variables: { x: \"{{x}}\" }\nenvironments: { local: { base_url: \"http://h\" }, prod: { base_url: \"http://p\" } }",
                ["1:17: variable `x` refers to itself: it can never be filled in"]
            ),
            (
                "variables:\n  a: \"{{b}}\"\n  b: \"pre-{{a}}\"\nenvironments: { local: { base_url: \"http://h\" } }",
                ["2:6: variable `a` refers to itself through `a` → `b` → `a`: it can never be filled in"]
            ),
            (
                "variables: { trace: \"{{user}}\", user: demo }\n"
                    + "environments: { local: { base_url: \"http://h\", variables: { user: \"{{trace}}\" } } }",
                [
                    "1:21: variable `trace` refers to itself through `trace` → `user` → `trace` in environment `local`: "
                        + "it can never be filled in"
                ]
            ),
        ])
    func cycles(yaml: String, expected: [String]) {
        #expect(problems(yaml) == expected)
    }

    @Test("a chain that ends is not a cycle")
    func chainsAreFine() {
        #expect(
            problems(
                """
                variables: { a: "{{b}}", b: "{{c}}", c: "{{env.HOME}}" }
                environments: { local: { base_url: "http://h/{{a}}{{a}}" } }
                """
            ).isEmpty)
    }
}
