import Foundation
import Testing

@testable import CLI
@testable import ExplorerCore
@testable import TUI

/// The TUI's response pane and `apix run` on a terminal show every body as the same kind (`BodyClassifier`).
@Suite("TUI and CLI agree on JSON, text and binary bodies")
struct BodyKindAgreementTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        let contentType: String?
        let bytes: Data
        let expected: BodyKind
        var testDescription: String { name }
    }

    /// Bytes filling the classified prefix but for its last `keep` bytes, then `tail`.
    static func atPrefixEnd(_ tail: [UInt8], keep: Int) -> Data {
        Data(repeating: UInt8(ascii: "a"), count: BodyClassifier.prefixLength - keep) + Data(tail)
    }

    static let cases: [Case] = [
        Case(name: "JSON by type", contentType: "application/json", bytes: Data(#"{"a": 1}"#.utf8), expected: .json),
        Case(
            name: "JSON by type, +json", contentType: "application/problem+json; charset=utf-8",
            bytes: Data(#""just a string""#.utf8), expected: .json),
        Case(name: "JSON by sniffing", contentType: nil, bytes: Data(" \n [1, 2]".utf8), expected: .json),
        Case(
            name: "JSON by sniffing under a text type", contentType: "text/plain", bytes: Data("{}".utf8),
            expected: .json),
        Case(
            name: "announced JSON that does not parse", contentType: "application/json",
            bytes: Data("{nope".utf8), expected: .text),
        Case(
            name: "announced JSON with a NUL", contentType: "application/json", bytes: Data("{\"a\0\"".utf8),
            expected: .binary),
        Case(name: "text", contentType: "text/plain", bytes: Data("hello\nworld ✓".utf8), expected: .text),
        Case(name: "text without a type", contentType: nil, bytes: Data("plain words".utf8), expected: .text),
        Case(name: "text/plain with a NUL", contentType: "text/plain", bytes: Data("a\0b".utf8), expected: .binary),
        Case(name: "invalid UTF-8", contentType: nil, bytes: Data([0x41, 0xFF, 0xFE, 0x42]), expected: .binary),
        Case(
            name: "invalid UTF-8 as octet-stream", contentType: "application/octet-stream",
            bytes: Data([0xC3, 0x28]), expected: .binary),
        Case(
            name: "Latin-1 declared as text", contentType: "text/html; charset=iso-8859-1",
            bytes: Data([0x63, 0x61, 0x66, 0xE9]), expected: .text),
        Case(name: "empty", contentType: "text/plain", bytes: Data(), expected: .empty),
        Case(name: "empty JSON", contentType: "application/json", bytes: Data(), expected: .empty),
        Case(
            name: "a two-byte character cut at the prefix end", contentType: nil,
            bytes: atPrefixEnd([0xC3, 0xA9, 0x0A], keep: 1), expected: .text),
        Case(
            name: "a four-byte character cut at the prefix end", contentType: nil,
            bytes: atPrefixEnd([0xF0, 0x9F, 0x98, 0x80], keep: 3), expected: .text),
        Case(
            name: "garbage at the prefix end", contentType: nil, bytes: atPrefixEnd([0xFF, 0xFF], keep: 2),
            expected: .binary),
        Case(
            name: "a NUL after the prefix is not looked at", contentType: nil, bytes: atPrefixEnd([0, 0], keep: 0),
            expected: .text),
    ]

    @Test("the document kind, the printing choice and the classifier are the same", arguments: cases)
    func agree(_ example: Case) throws {
        var headers: HTTPHeaders = [:]
        if let type = example.contentType { headers.set("Content-Type", type) }
        let response = Response(
            method: .get, url: "http://127.0.0.1/", statusCode: 200, reason: "OK", headers: headers,
            body: ResponseBody(data: example.bytes), metrics: Metrics())

        let tui = BodyDocument.make(bytes: example.bytes, contentType: example.contentType).kind
        let cli = try BodyPrinter(response: response, toTerminal: true, environment: ["NO_COLOR": "1"])
            .terminalOutput()

        #expect(tui == example.expected)
        #expect(cli.kind == example.expected)
        #expect((cli.output != nil) == (example.expected == .json || example.expected == .text))
    }
}
