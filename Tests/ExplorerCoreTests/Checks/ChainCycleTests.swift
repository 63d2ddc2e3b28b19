import Foundation
import Testing

@testable import ExplorerCore

/// Endpoints that use each other's captured values: a cycle no order of sending satisfies is a load-time problem,
/// and a long chain is walked and planned without recursion (5,000 endpoints each using the next overflowed the
/// stack, at load and when the first was sent).
@Suite("Endpoint chains, however long", .timeLimit(.minutes(1)))
struct ChainCycleTests {
    /// `e0` uses `{{e1.tok}}`, `e1` uses `{{e2.tok}}`, … and each captures `tok`; `last` closes the chain.
    static func chain(_ length: Int, last: String) -> String {
        let endpoints = (0..<length - 1).map {
            "  - { id: e\($0), path: /a, query: { t: \"{{e\($0 + 1).tok}}\" }, capture: { tok: { json: \"$.t\" } } }"
        }
        return """
            environments: { local: { base_url: "http://127.0.0.1:1" } }
            endpoints:
            \(endpoints.joined(separator: "\n"))
              - { id: e\(length - 1), path: /a, \(last)capture: { tok: { json: "$.t" } } }
            """
    }

    @Test("a chain of 5,000 endpoints, each using the next, loads")
    func longChain() throws {
        let profile = try ProfileLoader.parse(yaml: Self.chain(5_000, last: ""), file: "/p/c.yaml", id: "c").get()
        #expect(profile.endpoints.count == 5_000)
        #expect(ChainPlanner.problems(in: profile).isEmpty)
    }

    @Test("sending the head of a 5,000-endpoint `uses:` chain plans every other one first, the farthest first")
    func longPlan() throws {
        let endpoints = (0..<4_999).map { "  - { id: e\($0), path: /a, uses: { e\($0 + 1): always } }" }
        let yaml = """
            environments: { local: { base_url: "http://127.0.0.1:1" } }
            endpoints:
            \(endpoints.joined(separator: "\n"))
              - { id: e4999, path: /a }
            """
        let profile = try ProfileLoader.parse(yaml: yaml, file: "/p/u.yaml", id: "u").get()
        let order = try ChainPlanner.prerequisites(of: profile.endpoints[0], in: profile, held: [:], now: Date())
        #expect(order == (1..<5_000).reversed().map { "e\($0)" })
    }

    @Test("a cycle is named once, from the endpoint where it closes, however long the chain before it")
    func cycles() throws {
        let yaml = Self.chain(5_000, last: "query: { t: \"{{e4998.tok}}\" }, ")
        let (read, _) = ProfileLoader.read(yaml: yaml, file: "/p/c.yaml", id: "c")
        let profile = try #require(read)
        #expect(
            ChainPlanner.problems(in: profile).map(\.message) == [
                "endpoints use each other's values in a cycle: `e4998` → `e4999` → `e4998`"
            ])
        let two = """
            environments: { local: { base_url: "http://127.0.0.1:1" } }
            endpoints:
              - { id: a, path: /a, query: { t: "{{b.tok}}" }, capture: { tok: { json: "$.t" } } }
              - { id: b, path: /b, uses: { a: always }, capture: { tok: { json: "$.t" } } }
              - { id: c, path: /c, query: { t: "{{c.tok}}" }, capture: { tok: { json: "$.t" } } }
            """
        let small = try #require(ProfileLoader.read(yaml: two, file: "/p/c.yaml", id: "c").0)
        #expect(
            ChainPlanner.problems(in: small).map(\.description) == [
                "/p/c.yaml:3:5: endpoints use each other's values in a cycle: `a` → `b` → `a`",
                "/p/c.yaml:5:5: endpoints use each other's values in a cycle: `c` → `c`",
            ])
    }
}
