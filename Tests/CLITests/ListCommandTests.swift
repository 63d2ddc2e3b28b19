import Foundation
import TestSupport
import Testing

@testable import ExplorerCore

/// `apix list`: profiles and endpoints in columns, whatever the lengths, and a profile's text escaped (an imported
/// collection's names are someone else's bytes).
@Suite("apix list: columns and escaped text")
struct ListCommandTests {
    static let profile = """
        name: "Shop \\e[31mred"
        environments: { local: { base_url: "http://127.0.0.1:1" } }
        endpoints:
          - { id: a, path: /a, name: "First one" }
          - { id: a-much-longer-id, method: DELETE, path: "/items/{id}/parts/{part}", folder: Parts, name: Remove,
              params: { id: 1, part: 2 } }
          - { id: long, path: "/\(String(repeating: "x", count: 60))", name: "Far \\e]52;c;aGk=\\a" }
          - { id: bare, path: /b }
          - { id: live, protocol: websocket, path: /live }
        """

    func lists(_ arguments: [String]) async throws -> [String] {
        let directory = try TemporaryDirectory()
        try Self.profile.write(toFile: directory.path + "/shop.yaml", atomically: true, encoding: .utf8)
        try "environments: { local: { base_url: \"http://127.0.0.1:1\" } }\nendpoints: [{ id: x, path: /x }]\n"
            .write(toFile: directory.path + "/a-longer-id.yaml", atomically: true, encoding: .utf8)
        let out = try await ApixProcess.run(
            ["list"] + arguments + ["--profiles", directory.path],
            environment: ["XDG_STATE_HOME": directory.path + "/state"])
        #expect(out.status == 0, "\(out.stderr)")
        #expect(!out.text.contains("\u{1B}"), "\(out.text)")
        return out.text.split(separator: "\n").map(String.init)
    }

    @Test("endpoints: methods and paths start in one column; names line up after paths up to 48 characters")
    func endpoints() async throws {
        let lines = try await lists(["shop"])
        #expect(lines.count == 5, "\(lines)")
        let methods = lines.map {
            $0.firstRange(of: "  GET ")?.lowerBound ?? $0.firstRange(of: "  DELETE ")?.lowerBound
                ?? $0.firstRange(of: "  WS ")?.lowerBound
        }
        #expect(Set(methods.map { $0.map { lines[0].distance(from: lines[0].startIndex, to: $0) } }).count == 1)
        #expect(lines[0].hasPrefix("a                 GET     /a"), "\(lines[0])")
        let name = try #require(lines[0].range(of: "First one"))
        let remove = try #require(lines[1].range(of: "[Parts] Remove"))
        #expect(
            lines[0].distance(from: lines[0].startIndex, to: name.lowerBound)
                == lines[1].distance(from: lines[1].startIndex, to: remove.lowerBound))
        #expect(lines[2].contains("/\(String(repeating: "x", count: 60))  Far \\e]52;c;aGk=\\x07"), "\(lines[2])")
        #expect(lines[3] == "bare              GET     /b", "\(lines[3])")
        // A WebSocket endpoint marked as the explorer marks it, not by its upgrade's GET.
        #expect(lines[4] == "live              WS      /live", "\(lines[4])")
    }

    @Test("profiles: ids padded, counts right-aligned, names escaped")
    func profiles() async throws {
        let lines = try await lists([])
        #expect(lines.contains("a-longer-id  1 endpoint   a-longer-id"), "\(lines)")
        #expect(lines.contains("shop         5 endpoints  Shop \\e[31mred"), "\(lines)")
    }

    @Test("--json: the profiles (id, name, file, environments, endpoint count), or one profile's endpoints' fields")
    func json() async throws {
        let all = try JSONValue.parse(try await lists(["--json"]).joined(separator: "\n"))
        let shop = try #require(all["profiles"]?.arrayValue?.first { $0["id"] == "shop" })
        #expect(shop["name"] == "Shop \u{1B}[31mred", "JSON escapes control characters itself")
        #expect(shop["endpoints"] == 5 && shop["environments"] == ["local"] && shop["default_environment"] == .null)
        #expect(shop["file"]?.stringValue?.hasSuffix("/shop.yaml") == true)
        let endpoints = try JSONValue.parse(try await lists(["shop", "--json"]).joined(separator: "\n"))
        #expect(endpoints["profile"] == "shop")
        let list = try #require(endpoints["endpoints"]?.arrayValue)
        #expect(list.map { $0["id"]?.stringValue ?? "" } == ["a", "a-much-longer-id", "long", "bare", "live"])
        #expect(list[1]["method"] == "DELETE" && list[1]["folder"] == "Parts" && list[1]["name"] == "Remove")
        #expect(list[1]["path"] == "/items/{id}/parts/{part}")
        #expect(list[4]["protocol"] == "websocket" && list[0]["protocol"] == "http" && list[3]["folder"] == .null)
    }
}
