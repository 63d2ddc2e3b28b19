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

/// Variables that refer to variables that refer to others, however deep: the loader's cycle check and the builder
/// walk them without recursion (a recursive check overflowed the stack on 5,000; the builder refused more than 8 as
/// "refers to itself").
@Suite("Variable chains", .timeLimit(.minutes(1)))
struct VariableChainTests {
    /// `v0: "{{v1}}"`, `v1: "{{v2}}"`, … `vN: "end"`, and an endpoint whose path uses `v0`.
    static func chain(_ length: Int) -> String {
        let variables =
            (0..<length).map { "  v\($0): \"{{v\($0 + 1)}}\($0 % 1000 == 0 ? "/\($0)" : "")\"" } + [
                "  v\(length): \"end\""
            ]
        return """
            variables:
            \(variables.joined(separator: "\n"))
            environments: { local: { base_url: "http://127.0.0.1:1" } }
            endpoints:
              - { id: get, path: "/{{v0}}" }
            """
    }

    @Test("a chain of 50,000 variables loads, passes the checks and fills in", arguments: [9, 50_000])
    func deepChain(length: Int) throws {
        let profile = try ProfileLoader.parse(yaml: Self.chain(length), file: "/tmp/chain.yaml", id: "chain").get()
        #expect(ProfileLoader.variableProblems(in: profile).isEmpty)
        let builder = try RequestBuilder(profile: profile, processEnvironment: [:])
        let plan = try builder.plan(for: profile.endpoints[0])
        let expected =
            "/end/" + stride(from: 0, to: length, by: 1000).reversed().map(String.init).joined(separator: "/")
        #expect(plan.request.url == "http://127.0.0.1:1" + expected)
    }

    @Test("a chain whose values each add a little to the next is refused past 32 MiB in all, not grown to 1 GB")
    func quadraticChain() throws {
        let step = String(repeating: "x", count: 500)
        let variables = (0..<2_000).map { "  v\($0): \"{{v\($0 + 1)}}\(step)\"" } + ["  v2000: \"end\""]
        let yaml = Self.chain(0).replacingOccurrences(of: "  v0: \"end\"", with: variables.joined(separator: "\n"))
        let profile = try ProfileLoader.parse(yaml: yaml, file: "/tmp/chain.yaml", id: "chain").get()
        let builder = try RequestBuilder(profile: profile, processEnvironment: [:])
        let result = Result { () throws(RequestBuildError) in try builder.plan(for: profile.endpoints[0]) }
        guard case .failure(let error) = result else {
            Issue.record("a 1 GB set of variables was built")
            return
        }
        #expect(error.message.contains("all variables together expand to more than 32.0 MiB ({{v"), "\(error)")
    }

    @Test("a cycle at the end of a long chain is found and named")
    func cycleAtTheEnd() throws {
        let yaml = Self.chain(20_000).replacingOccurrences(of: "v20000: \"end\"", with: "v20000: \"{{v19999}}\"")
        let profile = try #require(ProfileLoader.read(yaml: yaml, file: "/tmp/chain.yaml", id: "chain").0)
        #expect(
            ProfileLoader.variableCycles(in: profile).map(\.message) == [
                "variable `v19999` refers to itself through `v19999` → `v20000` → `v19999`: it can never be filled in"
            ])
        // A builder made from it (the loader would refuse it) says the same, and builds nothing.
        let builder = try RequestBuilder(profile: profile, processEnvironment: [:])
        #expect(throws: RequestBuildError.self) { try builder.plan(for: profile.endpoints[0]) }
        #expect(
            (try? builder.scope()) == nil
                && "\(Result { () throws(RequestBuildError) in try builder.scope() })".contains(
                    "refers to itself through")
        )
    }
}
