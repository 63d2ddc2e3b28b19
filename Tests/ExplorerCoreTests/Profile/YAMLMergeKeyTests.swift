import Foundation
import Testing

@testable import ExplorerCore

/// YAML's merge key (`<<: *defaults`) in profiles, and `x-` extension keys to keep the anchors in. Before, a profile
/// written this way (as Compose files and CI configurations are) was refused: "unknown key `x-defaults` in profile",
/// "`headers.<<` is missing required key `value`".
@Suite("YAML merge keys and x- keys in profiles")
struct YAMLMergeKeyTests {
    static func load(_ endpoints: String, top: String = "") -> Result<Profile, ProfileLoadFailure> {
        let text = """
            x-defaults: &defaults
              method: POST
              timeout: 10
              headers: { Accept: application/json, X-Team: core }
            x-more: &more { timeout: 20, description: more }
            \(top)environments:
              local: { base_url: "http://127.0.0.1:1" }
            endpoints:
            \(endpoints)
            """
        return ProfileLoader.parse(yaml: text, file: "/p/m.yaml", id: "m")
    }

    @Test("<< brings a mapping's keys; the endpoint's own keys win; in a list, an earlier mapping wins")
    func merges() throws {
        let profile = try Self.load(
            """
              - { <<: *defaults, id: plain, path: /a }
              - <<: *defaults
                id: own
                path: /b
                timeout: 30
              - { <<: [*more, *defaults], id: listed, path: /c }
              - { id: headers, path: /d, headers: { <<: { X-Team: core }, Accept: text/plain } }
            """
        ).get()
        let plain = try #require(profile.endpoint("plain"))
        #expect(plain.method == .post)
        #expect(plain.transfer.timeout == .seconds(10))
        #expect(plain.headers.map(\.name) == ["Accept", "X-Team"])
        #expect(profile.endpoint("own")?.transfer.timeout == .seconds(30))
        let listed = try #require(profile.endpoint("listed"))
        #expect(listed.transfer.timeout == .seconds(20))
        #expect(listed.method == .post)
        #expect(listed.description == "more")
        let headers = try #require(profile.endpoint("headers")).headers
        #expect(headers.map(\.name) == ["X-Team", "Accept"])
        #expect(headers.last?.value?.description == "text/plain")
    }

    @Test("`x-` keys are read by nothing, anywhere a key is checked; other unknown keys are still refused")
    func extensionKeys() throws {
        let profile = try Self.load("  - { id: a, path: /a, x-note: see the wiki }").get()
        #expect(profile.endpoint("a") != nil)
        let failure = try #require(Self.load("  - { id: a, path: /a }", top: "y-defaults: 1\n").failure)
        #expect(failure.problems.map(\.message) == ["unknown key `y-defaults` in profile"])
    }

    @Test(
        "a quoted \"<<\", one tagged !, or one naming no mapping is an ordinary key (refused); !!merge merges",
        arguments: [
            ("  - { \"<<\": *defaults, id: a, path: /a }", "unknown key `<<` in endpoint"),
            ("  - { ! <<: *defaults, id: a, path: /a }", "unknown key `<<` in endpoint"),
            ("  - { <<: 5, id: a, path: /a }", "unknown key `<<` in endpoint"),
            ("  - { <<: [*defaults, 5], id: a, path: /a }", "unknown key `<<` in endpoint"),
            ("  - { !!merge <<: *defaults, id: a, path: /a }", nil),
        ])
    func ordinaryKeys(endpoint: String, problem: String?) throws {
        switch Self.load(endpoint) {
        case .success(let profile):
            #expect(problem == nil)
            #expect(profile.endpoint("a")?.method == .post)
        case .failure(let failure):
            let messages = failure.problems.map(\.message)
            #expect(problem.map { expected in messages.contains { $0.hasPrefix(expected) } } == true, "\(messages)")
        }
    }

    @Test("merging is bounded by the alias limits: a large mapping merged into many endpoints is refused, located")
    func bounded() throws {
        let keys = (0..<1000).map { "k\($0): \($0)" }.joined(separator: ", ")
        let endpoints = (0..<200).map { "  - { <<: *big, id: e\($0), path: /e }" }.joined(separator: "\n")
        let failure = try #require(Self.load(endpoints, top: "x-big: &big { \(keys) }\n").failure)
        #expect(failure.problems.count == 1)
        #expect(failure.problems.first?.message.contains("past the limit of 100000 (an alias bomb?)") == true)
    }

    @Test("the composer keeps `<<` an ordinary key unless asked to merge (Yams' compose does not merge either)")
    func composerParity() throws {
        let text = "a: &a { x: 1 }\nb: { <<: *a, y: 2 }\n"
        let plain = try #require(try YAMLComposer.compose(text).get())
        let merged = try #require(try YAMLComposer.compose(text, mergingKeys: true).get())
        #expect(plain["b"]?.mapping?.map { $0.key.scalar?.string } == ["<<", "y"])
        #expect(merged["b"]?.mapping?.map { $0.key.scalar?.string } == ["x", "y"])
    }
}
