import Foundation
import Testing

@testable import ExplorerCore

/// The one list of headers a request goes out with (`PreparedRequest.headersOnTheWire`); the CLI tests compare
/// it with what a real server received.
@Suite("headers on the wire")
struct WireHeadersTests {
    @Test("Host, Accept, User-Agent, the body's type and length are added; removals are left out")
    func defaults() {
        var request = PreparedRequest(
            method: .post, url: "http://127.0.0.1:8080/echo?x=1", headers: ["X-A": "1"],
            body: .bytes(Data("{}".utf8), contentType: "application/json"))
        let wire = request.headersOnTheWire()
        #expect(
            wire.map(\.name) == [
                "Host", "Accept", "Accept-Encoding", "X-A", "User-Agent", "Content-Type", "Content-Length",
            ])
        #expect(wire["Accept-Encoding"] == "deflate, gzip, br, zstd")
        #expect(wire["Host"] == "127.0.0.1:8080")
        #expect(wire["Accept"] == "*/*")
        #expect(wire["User-Agent"] == "apix/\(Apix.version)")
        #expect(wire["Content-Length"] == "2")
        #expect(!wire.contains("Expect"))
        request.headers = ["Accept": "", "Host": "example.org", "User-Agent": "me", "X-Empty": ""]
        request.body = .none
        let plain = request.headersOnTheWire()
        #expect(plain.map(\.name) == ["Accept-Encoding", "Host", "User-Agent", "X-Empty"])
        request.options.compressed = false
        #expect(!request.headersOnTheWire().contains("Accept-Encoding"))
        #expect(plain["Host"] == "example.org")
        #expect(plain["User-Agent"] == "me")
    }

    @Test(
        "one Cookie field where libcurl writes it: the jar's cookies, then the request's own (all its Cookie headers)")
    func oneCookieField() {
        let request = PreparedRequest(
            url: "http://h/", headers: ["X-A": "1", "Cookie": "mine=hand", "cookie": "more=2", "X-B": "2"])
        #expect(request.ownCookie == "mine=hand; more=2")
        #expect(!request.transportHeaders(uploads: false).contains("Cookie"), "given as CURLOPT_COOKIE instead")
        let wire = request.headersOnTheWire(jarCookie: "jar=1")
        #expect(wire.map(\.name) == ["Host", "Accept", "Accept-Encoding", "Cookie", "X-A", "X-B", "User-Agent"])
        #expect(wire.values(for: "Cookie") == ["jar=1; mine=hand; more=2"])
        #expect(request.headersOnTheWire()["Cookie"] == "mine=hand; more=2")
        let empty = PreparedRequest(url: "http://h/", headers: ["Cookie": ""])
        #expect(
            empty.ownCookie == nil && empty.transportHeaders(uploads: false).contains("Cookie"),
            "sent empty, as written")
    }

    @Test("the sent body decides the length and type, not a shown (masked) one")
    func sentBody() {
        let shown = PreparedRequest(method: .post, url: "https://h/", body: .bytes(Data("••".utf8), contentType: nil))
        let wire = shown.headersOnTheWire(sentBody: .bytes(Data("secret".utf8), contentType: "text/plain"))
        #expect(wire["Content-Length"] == "6")
        #expect(wire["Content-Type"] == "text/plain")
        #expect(wire["Host"] == "h")
    }

    @Test("the Host field leaves out the scheme's default port and keeps IPv6 brackets")
    func host() {
        #expect(PreparedRequest.hostField(of: "https://h:443/x") == "h")
        #expect(PreparedRequest.hostField(of: "http://h:443/x") == "h:443")
        #expect(PreparedRequest.hostField(of: "http://[::1]:8080/") == "[::1]:8080")
    }
}
