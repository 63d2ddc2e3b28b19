import Testing

@testable import ExplorerCore

/// Every bidi control Unicode names (the Bidi_Control property) is shown escaped, so server text cannot reorder
/// what a terminal shows (`‮txt.exe` reading as `exe.txt`).
@Suite("SafeText and bidi controls")
struct SafeTextBidiTests {
    static let bidiControls: [Unicode.Scalar] = (0...0x10FFFF).compactMap { Unicode.Scalar(UInt32($0)) }
        .filter { $0.properties.isBidiControl }

    @Test("every Bidi_Control scalar (U+061C, U+200E/F, U+202A–E, U+2066–9) is escaped and not clean")
    func everyBidiControlEscaped() {
        #expect(Self.bidiControls.count == 12)
        for scalar in Self.bidiControls {
            let text = "a" + String(Character(scalar)) + "b"
            let escaped = SafeText.escape(text)
            #expect(escaped == "a\\u{" + String(scalar.value, radix: 16) + "}b", "U+\(scalar.value)")
            #expect(!SafeText.isClean(text), "U+\(String(scalar.value, radix: 16))")
        }
    }

    @Test("the Arabic letter mark arriving as UTF-8 bytes is escaped")
    func arabicLetterMarkBytes() {
        #expect(SafeText.decode([0x61, 0xD8, 0x9C, 0x62]) == "a\\u{61c}b")
    }
}
