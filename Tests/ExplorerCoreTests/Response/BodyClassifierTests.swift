import Foundation
import TestSupport
import Testing

@testable import ExplorerCore

/// Classifying a body looks at its content type and its first bytes only.
@Suite("Body classification")
struct BodyClassifierTests {
    @Test("a body on disk is classified from its first bytes, whatever comes after")
    func boundedPrefix() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("big")
        var bytes = Data(repeating: UInt8(ascii: "x"), count: BodyClassifier.prefixLength)
        bytes.append(contentsOf: [0, 0xFF, 0])
        try bytes.write(to: URL(fileURLWithPath: path))
        let body = ResponseBody(storage: .file(SpooledFile(path: path, size: Int64(bytes.count), isTemporary: false)))
        #expect(BodyClassifier.kind(of: body, contentType: nil) == .text)
        #expect(BodyClassifier.kind(contentType: nil, prefix: bytes) == .text)
        #expect(BodyClassifier.kind(contentType: nil, prefix: bytes.dropFirst(8)) == .binary)
    }

    @Test("a cut character counts as valid UTF-8 only at the very end, and only when it is a real start")
    func cutCharacters() {
        #expect(BodyClassifier.isUTF8(Data("é".utf8).dropLast()))
        #expect(BodyClassifier.isUTF8(Data("€".utf8).dropLast(2)))
        #expect(BodyClassifier.isUTF8(Data("😀".utf8).dropLast()))
        #expect(!BodyClassifier.isUTF8(Data([0x41, 0xA9])))
        #expect(!BodyClassifier.isUTF8(Data([0xE2, 0x82, 0x41])))
        #expect(!BodyClassifier.isUTF8(Data([0xC3, 0xA9, 0xA9])))
        #expect(!BodyClassifier.isUTF8(Data([0xFF, 0xC3])))
    }

    @Test("JSON that does not parse falls back by the same text-or-binary rule")
    func plainKinds() {
        #expect(BodyClassifier.plainKind(contentType: "application/json", prefix: Data("{x".utf8)) == .text)
        #expect(BodyClassifier.plainKind(contentType: "text/plain", prefix: Data([0x7B, 0])) == .binary)
        #expect(BodyClassifier.plainKind(contentType: "text/plain", prefix: Data([0x41, 0xE9, 0x41])) == .text)
        #expect(BodyClassifier.plainKind(contentType: "image/png", prefix: Data([0x41, 0xE9, 0x41])) == .binary)
        #expect(BodyClassifier.kind(contentType: "text/plain", prefix: Data()) == .empty)
    }
}
