import Foundation
import Testing

@testable import ExplorerCore

/// Bidi controls in JSON strings (raw in a server's body, or in a value apix writes) are shown as `\uXXXX`
/// escapes, the same JSON read back, so pretty-printed bodies and `--json` cannot reorder a terminal's text.
@Suite("JSON and bidi controls")
struct JSONBidiTests {
    static let source = "{\"\u{202E}key\":\"a\u{202E}b\u{061C}c\u{2066}d\u{200F}\",\"zwj\":\"👨\u{200D}👩\"}"

    @Test("the pretty-printer and the line index escape raw bidi controls inside strings and keys")
    func prettyPrinted() throws {
        let printed = try JSONPrettyPrinter().string(for: Data(Self.source.utf8))
        #expect(
            printed == """
                {
                  "\\u202ekey": "a\\u202eb\\u061cc\\u2066d\\u200f",
                  "zwj": "👨\u{200D}👩"
                }

                """)
        let bytes = Data(Self.source.utf8)
        let index = try JSONLineIndex(bytes: bytes)
        #expect(index.line(1, in: bytes).text == #"  "\u202ekey": "a\u202eb\u061cc\u2066d\u200f","#)
        // Read back, the escaped text is the same document.
        #expect(try JSONValue.parse(printed) == JSONValue.parse(Self.source))
    }

    @Test("a cut line never ends inside an escaped bidi control")
    func truncated() throws {
        let bytes = Data("[\"\u{202E}\u{202E}\"]".utf8)
        let index = try JSONLineIndex(bytes: bytes)
        #expect(index.line(1, in: bytes, maxLength: 9).text == #"  "\u202e"#)
        #expect(index.line(1, in: bytes, maxLength: 8).text == #"  ""#)
    }

    @Test("serialized values escape bidi controls and keep zero-width joiners")
    func serialized() throws {
        let value = JSONValue.string("a\u{202E}b\u{2069}👨\u{200D}👩")
        #expect(value.serialized() == "\"a\\u202eb\\u2069👨\u{200D}👩\"")
        #expect(try JSONValue.parse(value.serialized()) == value)
    }
}
