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
        // Followed by a combining mark (its last character then joins the next): masked all the same.
        #expect(secrets.scrub("t=s3cret/value\u{301}; u=\u{301}s3cret/value") == "t=••••\u{301}; u=\u{301}••••")
        #expect(secrets.scrub(["X-Echo": "s3cret/value\u{301}"])["x-echo"] == "••••\u{301}")
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

    @Test("an exchange's record (the one assembly every sender uses) keeps none of its secrets, the token included")
    func exchangeRecord() throws {
        let yaml = """
            variables: { key: key-98765, pass: pw-24680 }
            environments:
              dev: { base_url: "http://h/api", auth: { type: api_key, name: X-API-Key, value: "{{key}}" } }
            endpoints:
              - { id: echo, method: POST, path: /echo, body: { form: { password: "{{pass}}", name: pen } } }
            """
        var profile = try ProfileLoader.parse(yaml: yaml, file: "/p/demo.yaml", id: "demo").get()
        profile.secretNames = ["pass"]
        let builder = try RequestBuilder(profile: profile, environment: "dev", processEnvironment: [:])
        let exchange = try ExchangePlan(try #require(profile.endpoint("echo")), builder: builder)
        var sent = exchange.request.prepared()
        sent.headers.set("X-API-Key", "key-98765")  // as the interceptor added it
        let echoed = #"{"form":{"password":"pw-24680"},"headers":{"X-Api-Key":"key-98765","X-Token":"at-13579"}}"#
        let response = Response(
            method: .post, url: "http://h/api/echo", statusCode: 200, reason: "OK", headers: ["X-Token": "at-13579"],
            body: ResponseBody(data: Data(echoed.utf8)), metrics: Metrics())
        let (entry, secrets) = HistoryRecording.entry(
            for: exchange, sent: sent, origin: .run, result: .success(response), token: "Bearer at-13579")
        #expect(entry.profile == "demo" && entry.environment == "dev" && entry.endpoint == "echo")
        #expect(entry.request.headers["X-API-Key"] == "••••")
        let kept = String(decoding: try #require(entry.body), as: UTF8.self)
        for secret in ["key-98765", "pw-24680", "at-13579"] {
            #expect(!kept.contains(secret) && !"\(entry.request)".contains(secret), "\(secret) was kept")
        }
        #expect(entry.responseHeaders["x-token"] == "••••")
        #expect(!secrets.isEmpty)
    }
}
