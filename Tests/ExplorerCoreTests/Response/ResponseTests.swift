import Foundation
import Testing

@testable import ExplorerCore

@Suite("Response")
struct ResponseTests {
    func response(_ bytes: [UInt8], contentType: String?) -> Response {
        var headers = HTTPHeaders()
        if let contentType { headers.add("Content-Type", contentType) }
        return Response(
            method: .get, url: "http://h/", statusCode: 200, reason: "OK", headers: headers,
            body: ResponseBody(data: Data(bytes)), metrics: Metrics())
    }

    @Test(
        "text is decoded by the charset parameter, UTF-8 by default",
        arguments: [
            ([0x63, 0x61, 0x66, 0xE9] as [UInt8], "text/plain; charset=ISO-8859-1", "café" as String?),
            ([0x63, 0x61, 0x66, 0xC3, 0xA9], "text/plain; charset=utf-8", "café"),
            ([0x63, 0x61, 0x66, 0xC3, 0xA9], "text/plain", "café"),
            ([0x80, 0x20], "text/plain; charset=\"windows-1252\"", "€ "),
            ([0xFF, 0xFE, 0x41, 0x00], "text/plain; charset=utf-16", "A"),
            ([0xC3, 0x28], nil, nil),
        ])
    func charset(bytes: [UInt8], contentType: String?, expected: String?) {
        #expect(response(bytes, contentType: contentType).text() == expected)
    }

    @Test(
        "status classes by code",
        arguments: [
            (100, StatusClass.informational), (200, .success), (299, .success), (301, .redirect), (400, .clientFailure),
            (499, .clientFailure), (500, .serverFailure), (599, .serverFailure),
        ])
    func statusClass(code: Int, expected: StatusClass) {
        #expect(StatusClass(code: code) == expected)
    }

    @Test("media types: JSON and text recognised with parameters and suffixes")
    func mediaTypes() {
        #expect(MediaType.isJSON("application/json; charset=utf-8"))
        #expect(MediaType.isJSON("application/problem+json"))
        #expect(!MediaType.isJSON("text/json-ish"))
        #expect(MediaType.isText("application/xml"))
        #expect(!MediaType.isText("application/octet-stream"))
        // The essence: lower-cased, parameters dropped, spaces and tabs around it trimmed, nothing else.
        #expect(MediaType.essence(of: " \tApplication/JSON \t; charset=utf-8") == "application/json")
        #expect(MediaType.essence(of: "text/plain") == "text/plain")
        #expect(MediaType.essence(of: "  ;x") == "")
        #expect(MediaType.essence(of: "") == "")
        #expect(MediaType.essence(of: "\u{A0}text/é\u{A0}") == "\u{A0}text/é\u{A0}")
        #expect(MediaType.charset(of: "text/html; Charset=\"UTF-8\"") == "utf-8")
    }
}
