import Foundation
import Testing

@testable import ExplorerCore

@Suite("JSON line index")
struct JSONLineIndexTests {
    static let sample = #"{"name":"apix","tags":["a",1,true,null],"empty":{},"list":[ ],"nested":{"x":[{}]}}"#

    static let expectedSampleLines = [
        "{",
        #"  "name": "apix","#,
        #"  "tags": ["#,
        #"    "a","#,
        "    1,",
        "    true,",
        "    null",
        "  ],",
        #"  "empty": {},"#,
        #"  "list": [],"#,
        #"  "nested": {"#,
        #"    "x": ["#,
        "      {}",
        "    ]",
        "  }",
        "}",
    ]

    private func allLines(_ source: String) throws -> [JSONLine] {
        let bytes = Data(source.utf8)
        let index = try JSONLineIndex(bytes: bytes)
        return index.lines(0..<index.lineCount, in: bytes)
    }

    @Test("formats every line of a small document exactly")
    func formatsSample() throws {
        let lines = try allLines(Self.sample)
        #expect(lines.map(\.text) == Self.expectedSampleLines)
        #expect(lines.map(\.depth) == [0, 1, 1, 2, 2, 2, 2, 1, 1, 1, 1, 2, 3, 2, 1, 0])
    }

    @Test("gives the same lines whatever the source's whitespace")
    func ignoresSourceWhitespace() throws {
        let spaced =
            "\u{FEFF} \n{ \"name\" :\t\"apix\" ,\r\n\"tags\":[ \"a\" ,1 , true,null ] , \"empty\" : { } ,"
            + "\"list\":[],\"nested\" : {\"x\"\n:\n[\n{\n}\n]\n}\n}\n\n"
        #expect(try allLines(spaced).map(\.text) == Self.expectedSampleLines)
    }

    static let scalarDocuments: [(source: String, line: String)] = [
        ("42", "42"), (" -1.5e3 ", "-1.5e3"), (#""text""#, #""text""#), ("true", "true"), ("null", "null"),
        ("[]", "[]"), ("{ }", "{}"),
    ]

    @Test("a scalar or empty document is one line", arguments: scalarDocuments)
    func singleLine(source: String, line: String) throws {
        #expect(try allLines(source).map(\.text) == [line])
    }

    @Test("colour spans cover exactly the tokens")
    func spans() throws {
        let lines = try allLines(Self.sample)
        let pieces = lines.map { $0.coloredPieces.map { "\($0.kind):\($0.text)" } }
        #expect(pieces[0] == ["punctuation:{"])
        #expect(pieces[1] == [#"key:"name""#, "punctuation::", #"string:"apix""#, "punctuation:,"])
        #expect(pieces[2] == [#"key:"tags""#, "punctuation::", "punctuation:["])
        #expect(pieces[4] == ["number:1", "punctuation:,"])
        #expect(pieces[5] == ["bool:true", "punctuation:,"])
        #expect(pieces[6] == ["null:null"])
        #expect(pieces[7] == ["punctuation:]", "punctuation:,"])
        #expect(pieces[8] == [#"key:"empty""#, "punctuation::", "punctuation:{", "punctuation:}", "punctuation:,"])
    }

    @Test("text outside the spans is only whitespace")
    func gapsAreWhitespace() throws {
        for line in try allLines(#"{"a b": ["x y", {"k": "v"}], "ü": -0.0}"#) {
            var plain = line.text
            for span in line.spans.reversed() { plain.removeSubrange(span.range) }
            #expect(plain.allSatisfy { $0 == " " }, "\(line.text)")
        }
    }

    @Test("spans index the right characters after multi-byte text")
    func spansAfterUnicode() throws {
        let line = try allLines(#"{"日本語 😀": "é"}"#)[1]
        #expect(line.text == #"  "日本語 😀": "é""#)
        #expect(line.coloredPieces.map(\.text) == [#""日本語 😀""#, ":", #""é""#])
    }

    @Test("escapes stay as written and control characters never reach the text")
    func controlCharacters() throws {
        let source =
            "[\"esc\\u001b[31m\", \"tab\\t\", \"del\u{7F}\", \"c1\u{85}\u{9B}x\", \"\\ud83d\\ude00\", \"ok\u{A0}é\"]"
        let lines = try allLines(source).map(\.text)
        #expect(
            lines == [
                "[",
                #"  "esc\u001b[31m","#,
                #"  "tab\t","#,
                #"  "del\u007f","#,
                #"  "c1\u0085\u009bx","#,
                #"  "\ud83d\ude00","#,
                "  \"ok\u{A0}é\"",
                "]",
            ])
        for line in lines {
            #expect(!line.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
        }
        // The parsed value still holds the real characters.
        #expect(try JSONValue.parse(source)[2] == "del\u{7F}")
    }

    static let truncations: [(maxLength: Int, text: String, isTruncated: Bool)] = [
        (0, "", true),
        (1, " ", true),
        (6, #"  "key"#, true),
        (10, #"  "key": ""#, true),
        (13, #"  "key": "日本語"#, true),
        (15, #"  "key": "日本語テ""#, true),
        (16, #"  "key": "日本語テ","#, false),
        (100, #"  "key": "日本語テ","#, false),
    ]

    @Test("long lines are cut after maxLength scalars", arguments: truncations)
    func truncation(maxLength: Int, text: String, isTruncated: Bool) throws {
        let bytes = Data(#"{"key": "日本語テ", "n": 1}"#.utf8)
        let line = try JSONLineIndex(bytes: bytes).line(1, in: bytes, maxLength: maxLength)
        #expect(line.text == text)
        #expect(line.isTruncated == isTruncated)
        #expect(line.spans.allSatisfy { !$0.range.isEmpty })
    }

    @Test("cuts inside keys, long strings and long numbers")
    func truncationInsideTokens() throws {
        let long = String(repeating: "ab", count: 500_000)
        let bytes = Data(#"{"key": 1, "text": "\#(long)", "n": [12345678901234567890]}"#.utf8)
        let index = try JSONLineIndex(bytes: bytes)
        let key = index.line(1, in: bytes, maxLength: 4)
        #expect(key.text == #"  "k"#)
        #expect(key.coloredPieces.map(\.kind) == [.key])
        #expect(key.isTruncated)
        let text = index.line(2, in: bytes, maxLength: 20)
        #expect(text.text == #"  "text": "ababababa"#)
        #expect(text.isTruncated)
        #expect(index.line(2, in: bytes).text == #"  "text": "\#(long)","#)
        let number = index.line(4, in: bytes, maxLength: 9)
        #expect(number.text == "    12345")
        #expect(number.coloredPieces.map(\.kind) == [.number])
        #expect(number.isTruncated)
        #expect(index.line(4, in: bytes, maxLength: 24).text == "    12345678901234567890")
        #expect(index.line(4, in: bytes, maxLength: 24).isTruncated == false)
    }

    @Test("string elements that look like members stay elements")
    func stringsLikeKeys() throws {
        let lines = try allLines(#"["a" , ":", "b\":", {"c" : ":"}]"#).map(\.text)
        #expect(lines == ["[", #"  "a","#, #"  ":","#, #"  "b\":","#, "  {", #"    "c": ":""#, "  }", "]"])
    }

    @Test("a cut never splits an escape into raw control bytes")
    func truncationInsideEscape() throws {
        let bytes = Data("[\"\u{7F}\u{7F}\"]".utf8)
        let index = try JSONLineIndex(bytes: bytes)
        #expect(index.line(1, in: bytes, maxLength: 9).text == #"  "\u007f"#)
        #expect(index.line(1, in: bytes, maxLength: 8).text == #"  ""#)
        #expect(index.line(1, in: bytes).text == #"  "\u007f\u007f""#)
    }

    @Test("lines far apart in the source are found exactly (strings over 64 KiB)")
    func longStrings() throws {
        let long = String(repeating: "x", count: 70_000)
        var elements = [JSONValue]()
        for item in 0..<150 {
            elements.append(item % 40 == 2 ? .string(long) : .array([.number(String(item)), .object(["k": "v"])]))
        }
        let value = JSONValue.array(elements)
        let bytes = Data(value.serialized().utf8)
        let index = try JSONLineIndex(bytes: bytes)
        let expected = value.serialized(pretty: true).split(separator: "\n", omittingEmptySubsequences: false)
        #expect(index.lineCount == expected.count)
        // Read backwards so that no line depends on formatting the one before it.
        for number in (0..<index.lineCount).reversed() {
            #expect(index.line(number, in: bytes).text == expected[number])
        }
    }

    @Test("documents of hundreds of thousands of lines index every line")
    func manyLines() throws {
        let long = JSONValue.string(String(repeating: "y", count: 70_000))
        let elements = (0..<45_000).map { item -> JSONValue in
            item % 10_000 == 9_999 ? long : ["a": [.number(String(item)), [:]], "b": .null]
        }
        let value = JSONValue.array(elements)
        let bytes = Data(value.serialized().utf8)
        let index = try JSONLineIndex(bytes: bytes)
        let expected = value.serialized(pretty: true).split(separator: "\n", omittingEmptySubsequences: false)
        #expect(index.lineCount == expected.count)
        #expect(index.lineCount > 4 * 65_536)
        var mismatches = 0
        for number in 0..<index.lineCount where index.line(number, in: bytes).text != expected[number] {
            mismatches += 1
        }
        #expect(mismatches == 0)
    }

    @Test("deep nesting gives the right depth across many lines")
    func deepNesting() throws {
        let depth = 300
        let source = String(repeating: #"{"k":["#, count: depth / 2) + "1" + String(repeating: "]}", count: depth / 2)
        let lines = try allLines(source)
        // An opening line and a closing line per container, plus the innermost value.
        #expect(lines.count == 2 * depth + 1)
        #expect(lines.map(\.depth).max() == depth)
        #expect(lines.last?.text == "}")
        for line in lines {
            #expect(line.text.prefix { $0 == " " }.count == line.depth * 2)
        }
    }

    @Test("invalid documents report the same error as the parser", arguments: JSONParserTests.invalidDocuments)
    func reportsParserErrors(source: String, line: Int, column: Int, message: String) {
        let error = #expect(throws: JSONParseError.self) { try JSONLineIndex(bytes: Data(source.utf8)) }
        #expect(error?.line == line)
        #expect(error?.column == column)
        #expect(error?.message == message)
        let parserError = #expect(throws: JSONParseError.self) { try JSONValue.parse(source) }
        #expect(error == parserError)
    }
}
