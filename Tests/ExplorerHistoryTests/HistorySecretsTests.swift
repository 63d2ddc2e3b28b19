import ExplorerCore
import Foundation
import Testing

@testable import ExplorerHistory

@Suite("Secrets kept out of the history")
struct HistorySecretsTests {
    @Test("every secret, raw or percent-encoded, is masked in text, headers and bytes")
    func scrubbing() {
        let secrets = HistorySecrets(["s3cret/value", "abc"])
        #expect(secrets.scrub("a=s3cret/value&b=s3cret%2Fvalue") == "a=••••&b=••••")
        #expect(secrets.scrub(Data("{\"t\":\"s3cret/value\"}".utf8)) == Data("{\"t\":\"••••\"}".utf8))
        #expect(secrets.scrub(["X-Echo": "Bearer s3cret/value"])["x-echo"] == "Bearer ••••")
        // Too short to be worth hiding: left alone.
        #expect(secrets.scrub("abc") == "abc")
    }

    @Test("an echoed credential in the server's answer is masked in the recorded entry")
    func echoed() {
        let secrets = HistorySecrets(["Bearer tok-12345", "tok-12345"])
        let response = Response(
            method: .get, url: "http://h/echo", statusCode: 200, reason: "OK",
            headers: ["X-Seen": "tok-12345"], body: ResponseBody(data: Data(#"{"auth":"Bearer tok-12345"}"#.utf8)),
            metrics: Metrics())
        let entry = HistoryRecording.entry(
            origin: .run, profile: "p", environment: nil, endpoint: "e",
            shown: PreparedRequest(url: "http://h/echo?t=tok-12345", headers: ["Authorization": "Bearer ••••"]),
            result: .success(response), secrets: secrets)
        #expect(entry.request.url == "http://h/echo?t=••••")
        #expect(entry.responseHeaders["x-seen"] == "••••")
        #expect(entry.body == Data(#"{"auth":"••••"}"#.utf8))
    }
}
