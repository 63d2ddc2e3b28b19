import Testing

@testable import ExplorerCore

/// Masking by bytes (`UnsafeRawBufferPointer.replacing`, `String.replacingBytes`): what history, exports and schema
/// messages rely on to hide a secret wherever it stands.
@Suite("Replacing bytes")
struct ByteReplacementTests {
    private func replaced(_ text: String, _ needle: String, _ replacement: String) -> String? {
        Array(text.utf8).withUnsafeBytes { $0.replacing(Array(needle.utf8), with: Array(replacement.utf8)) }
            .map { String(decoding: $0, as: UTF8.self) }
    }

    @Test("every occurrence, left to right, not overlapping; the edges and adjacent ones too")
    func occurrences() {
        #expect(replaced("key=abc&k=abcabc", "abc", "•") == "key=•&k=••")
        #expect(replaced("abc", "abc", "") == "")
        #expect(replaced("aaa", "aa", "b") == "ba")
        #expect(replaced("xaab", "ab", "Z") == "xaZ")
    }

    @Test("nil when there is nothing to replace: no match, an empty needle, a needle longer than the bytes")
    func nothing() {
        #expect(replaced("abc", "abd", "x") == nil)
        #expect(replaced("abc", "", "x") == nil)
        #expect(replaced("ab", "abc", "x") == nil)
        #expect(replaced("", "a", "x") == nil)
    }

    @Test("a match followed by a combining mark is found (Foundation's character search skips it)")
    func combiningMark() {
        #expect("t=s3cret\u{301}".replacingBytes(of: "s3cret", with: "••••") == "t=••••\u{301}")
        #expect("no secret here".replacingBytes(of: "s3cret", with: "••••") == "no secret here")
        #expect("ééé".replacingBytes(of: "é", with: "e") == "eee")
    }
}
