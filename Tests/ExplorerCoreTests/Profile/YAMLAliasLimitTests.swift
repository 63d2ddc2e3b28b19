import Foundation
import Testing

@testable import ExplorerCore

/// Issue 17, item 6: a "billion laughs" alias tree is refused with a located problem naming the alias, instead of
/// growing memory without bound; profiles that use a few anchors and aliases still load.
@Suite("YAML alias limits")
struct YAMLAliasLimitTests {
    static let file = "/p/bomb.yaml"

    /// A profile whose `json:` body nests anchors `a`…`last`, each aliasing the previous one nine times.
    static func bomb(last: Character) -> String {
        var lines = [
            "name: Bomb", "environments:", "  local: { base_url: \"http://127.0.0.1:1\" }", "endpoints:",
            "  - id: laughs", "    path: /laughs", "    method: POST", "    body:", "      json:",
            "        a: &a [lol, lol, lol, lol, lol, lol, lol, lol, lol]",
        ]
        var previous: Character = "a"
        for level in "bcdefghi" where level <= last {
            let aliases = Array(repeating: "*\(previous)", count: 9).joined(separator: ", ")
            lines.append("        \(level): &\(level) [\(aliases)]")
            previous = level
        }
        return lines.joined(separator: "\n") + "\n"
    }

    @Test("a billion-laughs body is refused at the alias that goes past the limit, which the problem names")
    func billionLaughs() throws {
        let text = Self.bomb(last: "i")
        let started = Date()
        let failure = try #require(ProfileLoader.parse(yaml: text, file: Self.file, id: "bomb").failure)
        #expect(Date().timeIntervalSince(started) < 5)
        let problem = try #require(failure.problems.first)
        #expect(failure.problems.count == 1)
        // Aliases stand for 74,718 nodes after `e:`; the first `*e` of `f:` (66,430 nodes) goes past 100,000.
        #expect(problem.message.contains("`*e` (66430 nodes)") && problem.message.contains("to 141148"), "\(problem)")
        let lines = text.components(separatedBy: "\n")
        let line = try #require(lines.firstIndex { $0.hasPrefix("        f:") })
        let column = try #require(lines[line].range(of: "*e")).lowerBound.utf16Offset(in: lines[line]) + 1
        #expect(problem.location == SourceLocation(file: Self.file, line: line + 1, column: column))
    }

    @Test("a smaller bomb that the reader could still expand (600,000 nodes) is refused too")
    func smallerBomb() throws {
        let failure = try #require(ProfileLoader.parse(yaml: Self.bomb(last: "f"), file: Self.file, id: "b").failure)
        #expect(failure.problems.map(\.message).contains { $0.contains("`*e`") })
    }

    @Test("more aliases than a file may use are refused at the first one past the count")
    func tooManyAliases() throws {
        let uses = Array(repeating: "*x", count: YAMLComposer.maxAliases + 1).joined(separator: ", ")
        let text = "a: &x 1\nb: [\(uses)]\n"
        guard case .failure(.tooManyAliases(let message, let line, let column)) = YAMLComposer.compose(text) else {
            Issue.record("composed")
            return
        }
        #expect(message.contains("`*x`") && message.contains("10001"))
        #expect(line == 2 && column == 5 + 4 * YAMLComposer.maxAliases)
    }

    @Test("a profile sharing values through a few anchors and aliases loads, the aliases standing for their anchors")
    func anchorsStillLoad() throws {
        let text = """
            name: Anchors
            environments:
              local: { base_url: &base "http://127.0.0.1:1" }
              other: { base_url: *base }
            headers: &common { Accept: application/json }
            endpoints:
              - id: a
                path: /a
                headers: *common
              - id: b
                path: /b
                method: POST
                body: { json: &payload { name: x, tags: [a, b], count: 2 } }
              - id: c
                path: /c
                method: PUT
                body: { json: *payload }

            """
        let profile = try ProfileLoader.parse(yaml: text, file: Self.file, id: "anchors").get()
        #expect(profile.environments.map(\.baseURL.raw) == ["http://127.0.0.1:1", "http://127.0.0.1:1"])
        #expect(profile.endpoint("a")?.headers.map(\.name) == ["Accept"])
        let body = try #require(profile.endpoint("b")?.body)
        #expect(profile.endpoint("c")?.body == body)
        let request = try RequestBuilder(profile: profile).request(endpoint: "c")
        guard case .bytes(let data, _) = request.body else {
            Issue.record("no body: \(request.body)")
            return
        }
        #expect(String(decoding: data, as: UTF8.self) == #"{"name":"x","tags":["a","b"],"count":2}"#)
    }
}
