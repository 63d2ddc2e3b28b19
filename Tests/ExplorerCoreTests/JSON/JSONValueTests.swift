import Testing

@testable import ExplorerCore

@Suite("JSON value")
struct JSONValueTests {
    static let sample: JSONValue = [
        "id": 7,
        "name": "apix",
        "ratio": 0.25,
        "active": true,
        "missing": .null,
        "tags": ["a", "b"],
        "owner": ["login": "kim"],
    ]

    @Test("accessors return the payload of the matching case only")
    func accessors() {
        #expect(Self.sample["id"]?.intValue == 7)
        #expect(Self.sample["ratio"]?.doubleValue == 0.25)
        #expect(Self.sample["ratio"]?.intValue == nil)
        #expect(Self.sample["name"]?.stringValue == "apix")
        #expect(Self.sample["name"]?.intValue == nil)
        #expect(Self.sample["active"]?.boolValue == true)
        #expect(Self.sample["missing"]?.isNull == true)
        #expect(Self.sample["tags"]?[1] == "b")
        #expect(Self.sample["tags"]?[2] == nil)
        #expect(Self.sample["tags"]?[-1] == nil)
        #expect(Self.sample["owner"]?["login"] == "kim")
        #expect(Self.sample["nope"] == nil)
        #expect(Self.sample[0] == nil)
        #expect(JSONValue.string("x")["key"] == nil)
        #expect(Self.sample.arrayValue == nil)
        #expect(Self.sample["tags"]?.arrayValue?.count == 2)
    }

    static let integers: [(literal: String, expected: Int?)] = [
        ("42", 42), ("-7", -7), ("1e3", 1000), ("2.0", 2), ("-0", 0), ("1.5", nil), ("1e30", nil),
        ("9223372036854775807", Int.max), ("9223372036854775808", nil),
    ]

    @Test("intValue accepts exact integers only", arguments: integers)
    func intValue(literal: String, expected: Int?) {
        #expect(JSONValue.number(literal).intValue == expected)
    }

    @Test("literals keep the order they were written in")
    func literalOrder() throws {
        let object = try #require(Self.sample.objectValue)
        #expect(object.keys == ["id", "name", "ratio", "active", "missing", "tags", "owner"])
        #expect(object.map(\.key) == object.keys)
        #expect(Self.sample["ratio"] == .number("0.25"))
    }

    @Test("objects update in place, append new keys and remove every duplicate")
    func objectMutation() {
        var object: JSONObject = ["a": 1, "b": 2]
        object["a"] = 10
        object["c"] = 3
        #expect(object.keys == ["a", "b", "c"])
        #expect(object["a"] == 10)
        object.append(key: "b", value: 20)
        #expect(object["b"] == 20)
        object["b"] = nil
        #expect(object.keys == ["a", "c"])
        #expect(object.count == 2)
        #expect(JSONValue.object(object).serialized() == #"{"a":10,"c":3}"#)
    }

    @Test("objects with the same members in another order are not equal")
    func orderedEquality() {
        let first: JSONValue = ["a": 1, "b": 2]
        let second: JSONValue = ["b": 2, "a": 1]
        #expect(first != second)
        #expect(first == ["a": 1, "b": 2])
    }

    // MARK: - Serialisation

    @Test("compact serialisation has no whitespace")
    func compact() {
        let expected =
            #"{"id":7,"name":"apix","ratio":0.25,"active":true,"missing":null,"#
            + #""tags":["a","b"],"owner":{"login":"kim"}}"#
        #expect(Self.sample.serialized() == expected)
    }

    @Test("pretty serialisation matches the printer's layout")
    func pretty() {
        let value: JSONValue = ["a": [1, [:], []], "b": ["c": .null], "d": [:]]
        #expect(
            value.serialized(pretty: true) == """
                {
                  "a": [
                    1,
                    {},
                    []
                  ],
                  "b": {
                    "c": null
                  },
                  "d": {}
                }
                """)
        #expect(JSONValue.array([]).serialized(pretty: true) == "[]")
        #expect(JSONValue.string("x").serialized(pretty: true) == #""x""#)
    }

    static let escapes: [(string: String, json: String)] = [
        ("plain", #""plain""#),
        ("quote\" back\\ slash/", #""quote\" back\\ slash/""#),
        ("\u{8}\u{C}\n\r\t", #""\b\f\n\r\t""#),
        ("\u{0}\u{1}\u{1B}\u{1F}", #""\u0000\u0001\u001b\u001f""#),
        ("del\u{7F}", #""del\u007f""#),
        ("c1\u{80}\u{85}\u{9F}", #""c1\u0080\u0085\u009f""#),
        ("\u{A0}é😀日本", "\"\u{A0}é😀日本\""),
    ]

    @Test("strings are escaped per RFC 8259 and never carry control characters", arguments: escapes)
    func escaping(string: String, json: String) throws {
        let serialized = JSONValue.string(string).serialized()
        #expect(serialized == json)
        #expect(try JSONValue.parse(serialized) == .string(string))
        #expect(!serialized.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
    }

    @Test("keys are escaped like strings")
    func keyEscaping() {
        let value: JSONValue = ["line\nbreak": 1, "\"q\"": 2]
        #expect(value.serialized() == #"{"line\nbreak":1,"\"q\"":2}"#)
    }

    @Test("parsing what was serialised gives the value back", arguments: [false, true])
    func roundTrip(pretty: Bool) throws {
        #expect(try JSONValue.parse(Self.sample.serialized(pretty: pretty)) == Self.sample)
    }
}
