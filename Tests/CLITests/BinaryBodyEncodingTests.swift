import Foundation
import Testing

@testable import CLI
@testable import ExplorerCore

/// `--json` writes a binary body as base64 (as documented), whatever its charset: NUL bytes as `\u0000` would be
/// six bytes for one, and a NUL gzip bomb gigabytes of them.
@Suite("--json body encoding of binary bodies")
struct BinaryBodyEncodingTests {
    static func response(_ bytes: [UInt8], contentType: String) -> Response {
        Response(
            method: .get, url: "http://127.0.0.1/b", statusCode: 200, reason: "OK",
            headers: ["Content-Type": contentType], body: ResponseBody(data: Data(bytes)), metrics: Metrics())
    }

    @Test(
        "NUL bytes are base64 even as valid UTF-8 with no charset; text and JSON stay text",
        arguments: [
            ([0, 0, 0, 0], "application/octet-stream", false),
            ([0, 0, 0, 0], "text/plain", false),
            (Array("plain text".utf8), "text/plain", true),
            (Array(#"{"a":1}"#.utf8), "application/json", true),
            (Array("caf\u{E9}".utf8), "text/plain; charset=utf-8", true),
        ])
    func encoding(bytes: [UInt8], contentType: String, isText: Bool) {
        #expect(ResponseDocument.BodyEncoding(of: Self.response(bytes, contentType: contentType)).isText == isText)
    }
}
