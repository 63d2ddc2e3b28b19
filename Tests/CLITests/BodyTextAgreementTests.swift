import Foundation
import Testing

@testable import CLI
@testable import ExplorerCore
@testable import TUI

/// Text bodies read the same in the TUI, on `apix run`'s terminal output and in `--json`: decoded by their
/// charset; JSON that does not parse falls back the same way in both front ends.
@Suite("TUI and CLI agree on a body's text")
struct BodyTextAgreementTests {
    static func response(_ bytes: [UInt8], contentType: String) -> Response {
        Response(
            method: .get, url: "http://127.0.0.1/", statusCode: 200, reason: "OK",
            headers: ["Content-Type": contentType], body: ResponseBody(data: Data(bytes)), metrics: Metrics())
    }

    @Test(
        "a Latin-1 or windows-1252 body reads as its characters everywhere",
        arguments: [
            ("text/plain; charset=iso-8859-1", [0x63, 0x61, 0x66, 0xE9] as [UInt8], "café", "iso-8859-1"),
            ("text/plain; charset=windows-1252", [0x80, 0x35] as [UInt8], "€5", "windows-1252"),
        ])
    func charset(_ contentType: String, _ bytes: [UInt8], _ text: String, _ charset: String) throws {
        let response = Self.response(bytes, contentType: contentType)
        let document = ResponseDocument.make(response, bodyFile: nil)
        #expect(document["body"]?.stringValue == text)
        #expect(document["body_encoding"]?.stringValue == "utf-8")
        #expect(document["body_charset"]?.stringValue == charset)

        let printed = try BodyPrinter(response: response, toTerminal: true, environment: ["NO_COLOR": "1"])
            .terminalOutput()
        #expect(printed.output.map { String(decoding: $0, as: UTF8.self) } == text + "\n")
        let shown = BodyDocument.make(bytes: Data(bytes), contentType: contentType)
        #expect(shown.line(0, maxColumns: 80).map(\.text).joined() == text)
    }

    @Test("a UTF-8 body keeps --json's fields as they were; invalid UTF-8 is still base64")
    func utf8Unchanged() {
        let plain = ResponseDocument.make(Self.response(Array("ok ✓".utf8), contentType: "text/plain"), bodyFile: nil)
        #expect(plain["body"]?.stringValue == "ok ✓")
        #expect(plain["body_charset"] == nil)
        let binary = ResponseDocument.make(
            Self.response([0xFF, 0x00], contentType: "application/octet-stream"), bodyFile: nil)
        #expect(binary["body_encoding"]?.stringValue == "base64")
    }

    @Test(
        "JSON that does not parse is shown as the same kind by both",
        arguments: [
            "{\"a\": 1} trailing", "[1, 2,]", "{\"a\": NaN}", "\u{FEFF}{\"a\": 1}", "{\"s\": \"\\ud800\"}",
            String(repeating: "[", count: 600), "{\"a\": 01}",
        ])
    func invalidJSON(_ text: String) throws {
        let response = Self.response(Array(text.utf8), contentType: "application/json")
        let printed = try BodyPrinter(response: response, toTerminal: true, environment: ["NO_COLOR": "1"])
            .terminalOutput()
        let shown = BodyDocument.make(bytes: Data(text.utf8), contentType: "application/json")
        #expect(printed.kind == shown.kind)
    }
}
