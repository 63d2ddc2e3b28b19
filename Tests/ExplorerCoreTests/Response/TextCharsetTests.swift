import Foundation
import Testing

@testable import ExplorerCore

/// Text is decoded by its declared charset, for both front ends.
@Suite("text charsets")
struct TextCharsetTests {
    @Test("the content type's charset chooses the decoding; unknown or missing ones read as UTF-8")
    func choice() {
        #expect(MediaType.TextCharset.of("text/plain; charset=ISO-8859-1") == .latin1)
        #expect(MediaType.TextCharset.of("text/html;charset=\"latin1\"") == .latin1)
        #expect(MediaType.TextCharset.of("text/plain; charset=windows-1252") == .windows1252)
        #expect(MediaType.TextCharset.of("text/plain; charset=utf-8") == .utf8)
        #expect(MediaType.TextCharset.of("text/plain; charset=koi8-r") == .utf8)
        #expect(MediaType.TextCharset.of(nil) == .utf8)
    }

    @Test("Latin-1 and windows-1252 bytes decode to their characters; SafeText escapes C1 controls")
    func decoding() {
        let cafe: [UInt8] = [0x63, 0x61, 0x66, 0xE9]
        #expect(MediaType.TextCharset.latin1.decode(cafe) == "café")
        #expect(MediaType.TextCharset.windows1252.decode([0x80, 0x20, 0x93, 0x94]) == "€ \u{201C}\u{201D}")
        #expect(MediaType.TextCharset.utf8.decode(cafe) == nil)
        #expect(SafeText.decode(cafe, charset: .latin1) == "café")
        #expect(SafeText.decode(cafe, charset: .utf8) == "caf\\xE9")
        #expect(SafeText.decode([0x41, 0x9B, 0x0A], charset: .latin1, keepNewlines: true) == "A\\x9B\n")
    }
}
