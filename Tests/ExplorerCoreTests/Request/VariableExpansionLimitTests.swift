import Foundation
import Testing

@testable import ExplorerCore

/// Variables that refer many times to variables that do the same (a "billion laughs" made of `{{…}}`) are
/// expanded once each and refused past `RequestBuilder.maxVariableBytes`, not grown until memory runs out.
@Suite("Variable expansion limits", .timeLimit(.minutes(1)))
struct VariableExpansionLimitTests {
    /// `v0` refers 40 times to `v1`, which refers 40 times to `v2`, … down to `v7`: 40⁷ copies of `v7` in `v0`.
    static func bomb(leaf: String) -> String {
        var variables = (0..<7).map { level in
            "v\(level): \"" + String(repeating: "{{v\(level + 1)}}", count: 40) + "\""
        }
        variables.append("v7: \"\(leaf)\"")
        return """
            variables:
            \(variables.map { "  " + $0 }.joined(separator: "\n"))
            environments: { local: { base_url: "http://127.0.0.1:1" } }
            endpoints:
              - { id: get, path: "/{{v0}}" }
            """
    }

    static func plan(_ yaml: String) throws -> Result<RequestPlan, RequestBuildError> {
        let profile = try ProfileLoader.parse(yaml: yaml, file: "/tmp/bomb.yaml", id: "bomb").get()
        let builder = try RequestBuilder(profile: profile, processEnvironment: [:])
        return Result { () throws(RequestBuildError) in try builder.plan(for: profile.endpoints[0]) }
    }

    @Test("a variable that would expand to 164 GB is refused at once, naming the variable")
    func bombRefused() throws {
        let started = ContinuousClock.now
        guard case .failure(let error) = try Self.plan(Self.bomb(leaf: "x")) else {
            Issue.record("the bomb was built")
            return
        }
        #expect("\(error)".contains("expands to more than 1.00 MiB"), "\(error)")
        #expect(ContinuousClock.now - started < .seconds(5))
    }

    @Test("variables that expand to nothing, however often referenced, are expanded once each")
    func emptyBombIsQuick() throws {
        let started = ContinuousClock.now
        let plan = try Self.plan(Self.bomb(leaf: "")).get()
        #expect(plan.request.url == "http://127.0.0.1:1/")
        #expect(ContinuousClock.now - started < .seconds(5))
    }
}
