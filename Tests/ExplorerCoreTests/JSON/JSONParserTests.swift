import Foundation
import Testing

@testable import ExplorerCore

@Suite("JSON parser")
struct JSONParserTests {
    // MARK: - Valid documents

    static let validDocuments: [(source: String, expected: JSONValue)] = [
        ("null", .null),
        ("true", true),
        (" false ", false),
        ("0", .number("0")),
        ("-0.5e+10", .number("-0.5e+10")),
        ("12345678901234567890123456789", .number("12345678901234567890123456789")),
        ("3.14159265358979323846264338327950288", .number("3.14159265358979323846264338327950288")),
        ("1E-7", .number("1E-7")),
        (#""""#, ""),
        (#""plain""#, "plain"),
        (#""quote \" backslash \\ slash \/""#, "quote \" backslash \\ slash /"),
        (#""\b\f\n\r\t""#, "\u{8}\u{C}\n\r\t"),
        ("[]", []),
        ("{}", [:]),
        ("[ ]", []),
        ("{ \n }", [:]),
        ("[1, [2, [3, []]]]", [1, [2, [3, []]]]),
        (#"{"b": 1, "a": 2, "c": {"z": null, "y": [true]}}"#, ["b": 1, "a": 2, "c": ["z": .null, "y": [true]]]),
        ("\t[\r\n1 ,\n2\t]\n", [1, 2]),
        ("\u{FEFF}[1]", [1]),
    ]

    @Test("parses valid documents", arguments: validDocuments)
    func parsesValidDocument(source: String, expected: JSONValue) throws {
        #expect(try JSONValue.parse(source) == expected)
    }

    @Test("keeps object keys in document order")
    func keepsKeyOrder() throws {
        let value = try JSONValue.parse(#"{"zeta": 1, "alpha": 2, "mid": 3, "beta": 4}"#)
        #expect(try #require(value.objectValue).keys == ["zeta", "alpha", "mid", "beta"])
        #expect(value.serialized() == #"{"zeta":1,"alpha":2,"mid":3,"beta":4}"#)
    }

    @Test("keeps duplicate keys and looks up the last one")
    func duplicateKeys() throws {
        let value = try JSONValue.parse(#"{"a": 1, "b": 2, "a": 3}"#)
        #expect(try #require(value.objectValue).keys == ["a", "b", "a"])
        #expect(value["a"] == 3)
    }

    @Test(
        "keeps number literals verbatim",
        arguments: [
            "18446744073709551617", "-9223372036854775809", "0.1000000000000000055511151231257827",
            "1.50", "1e400", "-0", "6.02214076E+23",
        ])
    func keepsNumbersVerbatim(literal: String) throws {
        let value = try JSONValue.parse("[\(literal)]")
        #expect(value[0] == .number(literal))
        #expect(value.serialized() == "[\(literal)]")
    }

    // MARK: - Unicode

    static let unicodeStrings: [(source: String, expected: String)] = [
        (#""caf\u00e9""#, "café"),
        (#""caf\u00E9""#, "café"),
        (#""café""#, "café"),
        (#""日本語""#, "日本語"),
        (#""\u65e5\u672c""#, "日本"),
        (#""😀 emoji""#, "😀 emoji"),
        (#""\ud83d\ude00""#, "😀"),
        (#""👩‍👩‍👧""#, "👩‍👩‍👧"),
        (#""\u0000nul""#, "\u{0}nul"),
        (#""lone \ud83d high""#, "lone \u{FFFD} high"),
        (#""lone \ude00 low""#, "lone \u{FFFD} low"),
        (#""\ud83d\u0041""#, "\u{FFFD}A"),
    ]

    @Test("decodes unicode text and escapes", arguments: unicodeStrings)
    func decodesUnicode(source: String, expected: String) throws {
        #expect(try JSONValue.parse(source) == .string(expected))
    }

    @Test("unicode keys are looked up by their decoded text")
    func unicodeKeys() throws {
        let value = try JSONValue.parse(#"{"cl\u00e9": "\ud83c\udf89", "鍵": 1}"#)
        #expect(value["clé"] == "🎉")
        #expect(value["鍵"] == 1)
    }

    // MARK: - Errors

    static let invalidDocuments: [(source: String, line: Int, column: Int, message: String)] = [
        (#"{"a": 1,}"#, 1, 9, "trailing comma before '}'"),
        ("[1, 2,]", 1, 7, "trailing comma before ']'"),
        (#"{"a" 1}"#, 1, 6, "expected ':' after object key"),
        (#"{"a": 1 "b": 2}"#, 1, 9, "expected ',' or '}' after object member"),
        ("[1 2]", 1, 4, "expected ',' or ']' after array element"),
        (#"{"a": "abc"#, 1, 7, "unterminated string"),
        (#""abc\"#, 1, 5, "unterminated string"),
        (#""\x""#, 1, 2, "invalid escape"),
        (#""\u12G4""#, 1, 2, #"invalid \u escape"#),
        (#""\u12""#, 1, 2, #"invalid \u escape"#),
        ("", 1, 1, "unexpected end of input"),
        ("   ", 1, 4, "unexpected end of input"),
        ("[", 1, 2, "unexpected end of input"),
        ("{", 1, 2, "unexpected end of input"),
        (#"{"a""#, 1, 5, "unexpected end of input"),
        (#"{"a":"#, 1, 6, "unexpected end of input"),
        ("[1,", 1, 4, "unexpected end of input"),
        ("tru", 1, 4, "unexpected end of input"),
        (#"{"a": 1} x"#, 1, 10, "trailing characters after JSON value"),
        ("[1] [2]", 1, 5, "trailing characters after JSON value"),
        ("[01]", 1, 2, "invalid number: leading zero"),
        ("[1.]", 1, 2, "invalid number: expected a digit after '.'"),
        ("-", 1, 1, "invalid number: expected a digit"),
        ("[-x]", 1, 2, "invalid number: expected a digit"),
        ("[1e+]", 1, 2, "invalid number: expected a digit in exponent"),
        ("trUe", 1, 1, "invalid literal, expected 'true'"),
        ("[nul]", 1, 2, "invalid literal, expected 'null'"),
        ("\"a\u{1}b\"", 1, 3, "unescaped control character U+0001 in string"),
        ("\"a\tb\"", 1, 3, "unescaped control character U+0009 in string"),
        ("{\"a\": \"abc\n}", 1, 11, "unescaped control character U+000A in string"),
        (#"{"a":}"#, 1, 6, "expected a value, found '}'"),
        ("{1: 2}", 1, 2, "expected a string object key, found '1'"),
        ("['a']", 1, 2, "expected a value, found '''"),
        ("[\u{0}]", 1, 2, "expected a value, found U+0000"),
        ("[\u{1B}]", 1, 2, "expected a value, found U+001B"),
        ("é", 1, 1, "expected a value, found U+00E9"),
        ("{\n  \"a\": 1,\n  \"b\": [1, 2,, 3]\n}", 3, 14, "expected a value, found ','"),
        ("{\n\"é😀\": tru}", 2, 7, "invalid literal, expected 'true'"),
        ("[\r\n1,\r\n]", 3, 1, "trailing comma before ']'"),
        ("[\n  \"日本語\" 1\n]", 2, 9, "expected ',' or ']' after array element"),
    ]

    @Test("reports the line, column and reason of invalid documents", arguments: invalidDocuments)
    func reportsErrors(source: String, line: Int, column: Int, message: String) {
        let error = #expect(throws: JSONParseError.self) { try JSONValue.parse(source) }
        #expect(error?.line == line)
        #expect(error?.column == column)
        #expect(error?.message == message)
    }

    static let invalidUTF8: [(bytes: [UInt8], offset: Int)] = [
        ([0x22, 0x61, 0xFF, 0x22], 2),  // never valid
        ([0x22, 0xC0, 0x80, 0x22], 1),  // overlong NUL
        ([0x22, 0xE0, 0x80, 0xAF, 0x22], 1),  // overlong '/'
        ([0x22, 0xED, 0xA0, 0x80, 0x22], 1),  // UTF-16 surrogate encoded in UTF-8
        ([0x22, 0xF4, 0x90, 0x80, 0x80, 0x22], 1),  // above U+10FFFF
        ([0x22, 0xE2, 0x82, 0x22], 1),  // truncated sequence
        ([0x22, 0x80, 0x22], 1),  // lone continuation byte
        ([0x22, 0xE2, 0x82], 1),  // truncated at end of input
    ]

    @Test("rejects invalid UTF-8 inside strings", arguments: invalidUTF8)
    func rejectsInvalidUTF8(bytes: [UInt8], offset: Int) {
        let error = #expect(throws: JSONParseError.self) { try JSONValue.parse(bytes) }
        #expect(error?.message == "invalid UTF-8 in string")
        #expect(error?.offset == offset)
        #expect(error?.line == 1)
    }

    @Test("accepts nesting up to the limit")
    func acceptsMaximumDepth() throws {
        let depth = JSONValue.maximumDepth
        let source = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        var value = try JSONValue.parse(source)
        var levels = 1
        while let inner = value[0] {
            value = inner
            levels += 1
        }
        #expect(levels == depth)
    }

    @Test("rejects nesting beyond the limit with an error", arguments: [JSONValue.maximumDepth + 1, 1_000_000])
    func rejectsDeepNesting(depth: Int) {
        let source = String(repeating: #"{"k":["#, count: depth / 2 + 1)
        let error = #expect(throws: JSONParseError.self) { try JSONValue.parse(source) }
        #expect(error?.message == "nesting deeper than \(JSONValue.maximumDepth) levels")
        // The opener one past the limit: each six-byte repetition opens two levels, so it is a '{'.
        #expect(error?.offset == 6 * (JSONValue.maximumDepth / 2))
    }

    @Test("describes errors for a status bar")
    func describesErrors() {
        let error = #expect(throws: JSONParseError.self) { try JSONValue.parse("{\n  \"a\": [1,]\n}") }
        #expect(error?.description == "JSON error at line 2, column 11: trailing comma before ']'")
    }

    @Test("parses from strings, data, arrays, slices and non-contiguous collections alike")
    func parseOverloads() throws {
        let source = #"{"a": [1, "ü"]}"#
        let expected: JSONValue = ["a": [1, "ü"]]
        #expect(try JSONValue.parse(source) == expected)
        #expect(try JSONValue.parse(Data(source.utf8)) == expected)
        #expect(try JSONValue.parse(Array(source.utf8)) == expected)
        #expect(try JSONValue.parse(Array(("xx" + source).utf8).dropFirst(2)) == expected)
        #expect(try JSONValue.parse(source.utf8.lazy.map { $0 }) == expected)
        let error = #expect(throws: JSONParseError.self) { try JSONValue.parse("[1,]".utf8.lazy.map { $0 }) }
        #expect(error?.column == 4)
    }
}
