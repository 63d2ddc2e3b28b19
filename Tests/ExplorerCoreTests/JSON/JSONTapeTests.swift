import Foundation
import Testing

@testable import ExplorerCore

/// `JSONTape`: JSONPath over a body's bytes and a small index selects what it selects over the parsed tree.
@Suite("JSON tape")
struct JSONTapeTests {
    static let queries = [
        "$", "$.*", "$..*", "$..id", "$..name", "$['']", "$[0]", "$[-1]", "$[1:3]", "$[::-1]", "$[-2:]", "$..[0]",
        "$..[?@.id]", "$..[?@ == 7]", "$..[?@ == 'a']", "$..[?length(@) > 2]", "$..[?@.name == $[0]]",
        "$..[?count(@.*) > 1]", "$..[?@ == @]", "$..[?@.id == @.name]", "$..[?value(@..id) != null]",
        "$..[?match(@, 'a.*')]", "$..[?search(@.name, 'é')]", "$[?@ < 1000]", "$..[?@ > 'Z']",
    ]

    @Test("every query selects the same values at the same paths on a tape as on the tree", arguments: 0..<30)
    func agreesWithTree(seed: Int) throws {
        var random = RandomJSON(seed: UInt64(seed))
        for _ in 0..<4 {
            let value = random.value(depth: random.int(0...6))
            let source = Data(random.messySource(for: value).utf8)
            let tree = try JSONValue.parse(source)
            let tape = try JSONTape(data: source)
            for text in Self.queries {
                let query = try JSONPath(text)
                let expected = try query.evaluate(in: tree, tracksLocations: true)
                let found = try query.evaluate(in: tape, tracksLocations: true)
                #expect(found.map { tape.value(at: $0.node) } == expected.map(\.node), "seed \(seed) \(text)")
                #expect(found.map(\.location) == expected.map(\.location), "seed \(seed) \(text)")
                for (node, value) in zip(found, expected) {
                    // Whole, or (a value whose text is past 64 KiB) a prefix of at least the limit.
                    let shown = tape.serialized(at: node.node, limit: 80)
                    let full = value.node.serialized()
                    #expect(shown == full || (shown.utf8.count >= 80 && full.hasPrefix(shown)), "seed \(seed)")
                    #expect(tape.shallowValue(at: node.node).arrayValue?.isEmpty ?? true)
                }
            }
        }
    }

    @Test("large containers are stepped over through the index and shown from a prefix")
    func largeContainers() throws {
        let records = (0..<20_000).map { index -> JSONValue in
            ["id": .number(String(index)), "name": .string("item-\(index)"), "tags": ["a", "b", ["c": 1]]]
        }
        let document: JSONValue = ["total": 20_000, "items": .array(records), "last": "end"]
        let text = document.serialized(pretty: true)
        let tape = try JSONTape(data: Data(text.utf8))
        #expect(tape.indexBytes < text.utf8.count / 4)
        let items = try #require(try JSONPath("$.items").evaluate(in: tape).first?.node)
        #expect(tape.childCount(at: items) == 20_000)
        #expect(tape.shallowValue(at: items) == .array([]))
        let full = document["items"]!.serialized()
        let shown = tape.serialized(at: items, limit: 1024)
        #expect(shown.count >= 1024 && shown.count < 4096)
        #expect(full.hasPrefix(shown) && !shown.hasSuffix("]"))  // a prefix: no bracket closes what was cut
        #expect(try JSONPath("$.last").evaluate(in: tape).map { tape.value(at: $0.node) } == ["end"])
        #expect(try JSONPath("$.items[-1].name").evaluate(in: tape).map { tape.value(at: $0.node) } == ["item-19999"])
        #expect(try JSONPath("$.items[?@.id == 19998].tags[2].c").evaluate(in: tape).count == 1)
    }

    @Test("a long string is shown from its start, cut where an escape or a character begins")
    func longString() throws {
        let value = JSONValue.string(String(repeating: "é\\\"\u{1}😀", count: 40_000))
        let tape = try JSONTape(data: Data(value.serialized().utf8))
        let shown = tape.serialized(at: tape.root, limit: 200)
        #expect(shown.utf8.count >= 200 && shown.utf8.count < 400)
        #expect(value.serialized().hasPrefix(shown))
    }

    @Test("member names compare as JSONObject's keys do: the last of duplicates, Unicode equivalence, escapes")
    func memberNames() throws {
        let tape = try JSONTape(data: Data(#"{"a":1,"\u0061":2,"K":3,"\u212a":4,"é":5}"#.utf8))
        #expect(try JSONPath("$.a").evaluate(in: tape).map { tape.value(at: $0.node) } == [2])
        #expect(try JSONPath("$.K").evaluate(in: tape).map { tape.value(at: $0.node) } == [4])
        #expect(try JSONPath("$['e\u{301}']").evaluate(in: tape).map { tape.value(at: $0.node) } == [5])
    }

    @Test("a spooled body is read mapped, as the same document; what is not JSON fails as the parser does")
    func mappedFile() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("apix-tape-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("body.json").path
        try Data("\u{FEFF} [1, {\"a\": [true, null, \"x\"]}] ".utf8).write(to: URL(fileURLWithPath: path))
        let tape = try JSONTape.mapping(file: path)
        #expect(tape.value(at: tape.root) == [1, ["a": [true, .null, "x"]]])
        try Data("[1,]".utf8).write(to: URL(fileURLWithPath: path))
        var expected = ""
        do { _ = try JSONValue.parse(Data("[1,]".utf8)) } catch { expected = "\(error)" }
        #expect(throws: JSONParseError.self) { try JSONTape.mapping(file: path) }
        do { _ = try JSONTape.mapping(file: path) } catch { #expect("\(error)" == expected) }
    }
}
