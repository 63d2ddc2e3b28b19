import Foundation
import Testing

@testable import CLI
@testable import ExplorerCore

/// `--json` streams the body into its place: the bytes are those of the whole document made at once.
@Suite("--json: the streamed document")
struct StreamedDocumentTests {
    static func response(_ bytes: [UInt8], contentType: String) -> Response {
        Response(
            method: .get, url: "http://127.0.0.1/", statusCode: 200, reason: "OK",
            headers: ["Content-Type": contentType], body: ResponseBody(data: Data(bytes)), metrics: Metrics())
    }

    static func streamed(_ response: Response) throws -> String {
        let placeholder = "\u{1}apix-body-test\u{1}"
        let document = ResponseDocument.make(response, bodyFile: nil, bodyPlaceholder: placeholder)
        var output = Data()
        try ResponseDocument.write(document, streaming: response, placeholder: placeholder) { output.append($0) }
        return String(decoding: output, as: UTF8.self)
    }

    static let bodies: [(String, [UInt8])] = {
        let mixed: [UInt8] = Array(("a" + String(repeating: "€ \"\u{85}\u{1}\n", count: 200_000)).utf8)
        let json: [UInt8] = Array(#"{"k": "ok ✓"}"#.utf8)
        let latin: [UInt8] = [UInt8](repeating: 0x80, count: 1_000_001)
        let binary: [UInt8] = (0..<1_000_003).map { UInt8(truncatingIfNeeded: $0 * 7) }
        let cut: [UInt8] = Array("abc".utf8) + [0xE2, 0x82]  // a character cut short at the end: base64
        return [
            ("text/plain", mixed), ("application/json", json), ("text/plain; charset=windows-1252", latin),
            ("application/octet-stream", binary), ("text/plain", cut), ("text/plain", []),
        ]
    }()

    @Test(
        "streamed and whole documents are the same bytes: characters across pieces, escapes, charsets, base64",
        arguments: bodies)
    func sameBytes(_ contentType: String, _ bytes: [UInt8]) throws {
        let response = Self.response(bytes, contentType: contentType)
        let whole = ResponseDocument.make(response, bodyFile: nil).serialized()
        #expect(try Self.streamed(response) == whole)
    }

    @Test("the placeholder is found only where the body goes, even when a header holds the same text")
    func placeholderInHeader() throws {
        var response = Self.response(Array("body".utf8), contentType: "text/plain")
        response.headers.add("X-Trick", "\u{1}apix-body-other\u{1}")
        #expect(try Self.streamed(response) == ResponseDocument.make(response, bodyFile: nil).serialized())
    }
}
