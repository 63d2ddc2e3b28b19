import Foundation
import Testing

@testable import ExplorerCore

/// `{{variables}}` in `expect:` values are filled like request templates: profile and environment variables, the
/// user's (`--var`), captured values; compared in clear, worded with secrets masked; an unknown one fails the check.
@Suite("Variables in expect: values")
struct ExpectationVariablesTests {
    static let text = """
        name: Checks
        variables: { who: Buy milk, pattern: "^Buy" }
        environments: { local: { base_url: "http://127.0.0.1:9", variables: { type: application/json } } }
        endpoints:
          - id: items.get
            path: /items/1
            expect:
              headers: { Content-Type: { equals: "{{type}}" }, X-Id: { matches: "{{id_pattern}}" } }
              json:
                "$.title": { "==": "{{who}}", matches: "{{pattern}}" }
                "$.owner": { "==": "{{login.token}}" }
                "$.id": { "==": 1 }
              body_contains: "{{who}}"
        """

    static func runner(variables: [String: String] = [:]) throws -> (ChainRunner, Endpoint) {
        let profile = try ProfileLoader.parse(yaml: text, file: "checks.yaml", id: "checks").get()
        var runner = ChainRunner(profile: profile, environment: "local", store: nil)
        runner.variables = variables
        runner.processEnvironment = [:]
        return (runner, profile.endpoints[0])
    }

    static let response = ExpectationCheckerTests.response(
        headers: [("Content-Type", "application/json"), ("X-Id", "id-7")],
        body: #"{"id": 1, "title": "Buy milk", "owner": "tok-secret"}"#)

    static let token = CapturedValue(
        name: "token", value: "tok-secret", endpointID: "login", capturedAt: Date(), isSecret: true)

    @Test("profile, environment, user and captured values fill expected values; secrets are masked in the words")
    func filled() throws {
        let (runner, endpoint) = try Self.runner(variables: ["id_pattern": "^id-[0-9]+$"])
        var held = ["login.token": Self.token]
        let checks = runner.conclude(endpoint, result: .success(Self.response), held: &held).checks
        #expect(checks.map(\.passed) == [true, true, true, true, true, true, true], "\(checks)")
        #expect(checks[0].expected == "== application/json")
        #expect(checks[2].expected == #"== "Buy milk""#)
        #expect(checks[4].expected == #"== "••••""#)
        #expect(!checks.map(\.expected).joined().contains("tok-secret"))
        #expect(checks[6].expected == "contains Buy milk")
    }

    @Test("the user's variables win, so a check can be pointed at another value")
    func overridden() throws {
        let (runner, endpoint) = try Self.runner(variables: ["who": "Walk the dog", "id_pattern": "x"])
        var held = ["login.token": Self.token]
        let checks = runner.conclude(endpoint, result: .success(Self.response), held: &held).checks
        #expect(checks[2].description == #"✗ $.title == "Walk the dog" (got "Buy milk")"#)
        #expect(checks[1].passed == false)
    }

    @Test("a value naming an unknown variable fails its check, saying which; the others still run")
    func unknown() throws {
        let (runner, endpoint) = try Self.runner()
        var held: [String: CapturedValue] = [:]
        let checks = runner.conclude(endpoint, result: .success(Self.response), held: &held).checks
        #expect(checks.count == 7)
        #expect(checks[1].passed == false && checks[1].actual.contains("id_pattern"), "\(checks[1])")
        #expect(checks[4].passed == false && checks[4].actual.contains("login.token"), "\(checks[4])")
        #expect(checks[2].passed && checks[5].passed)
    }
}
