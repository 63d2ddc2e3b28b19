import Foundation
import Testing

@testable import ExplorerCore

/// The `Cookie` field apix shows (and a WebSocket upgrade sends) is the one libcurl 7.88's cookie engine writes:
/// which cookies go, in its order, within its limits. `RunWireHeadersTests` compares it with what a server received.
@Suite("the jar's Cookie field, as libcurl writes it")
struct RequestCookiesTests {
    static let now = Date(timeIntervalSince1970: 2_000_000_000)

    static func line(
        _ domain: String, _ name: String, _ value: String = "v", path: String = "/", subdomains: Bool = false,
        secure: Bool = false, expires: Int64 = 0, httpOnly: Bool = false
    ) -> String {
        let shownDomain = (httpOnly ? "#HttpOnly_" : "") + (subdomains ? "." : "") + domain
        return [
            shownDomain, subdomains ? "TRUE" : "FALSE", path, secure ? "TRUE" : "FALSE", String(expires), name, value,
        ].joined(separator: "\t")
    }

    static func header(_ lines: [String], _ url: String, host: String? = nil) throws -> String? {
        RequestCookies.header(lines: lines, url: try #require(URLComponents(string: url)), host: host, now: now)
    }

    @Test("order: longest path, then longest domain, then longest name, then the newest (the list's later) first")
    func order() throws {
        let lines = [
            Self.line("example.com", "a", "1"),
            Self.line("example.com", "b", "2"),
            Self.line("example.com", "long", "3"),
            Self.line("example.com", "c", "4", path: "/api"),
            Self.line("api.example.com", "d", "5"),
            Self.line("example.com", "e", "6", subdomains: true, httpOnly: true),
        ]
        // api.example.com takes no host-only cookie of example.com: only `d` (its own) and `e` (for subdomains).
        #expect(try Self.header(lines, "http://api.example.com/api/x") == "d=5; e=6")
        #expect(try Self.header(lines, "http://example.com/api/x") == "c=4; long=3; e=6; b=2; a=1")
    }

    @Test("domain, path, expiry and Secure as libcurl matches them")
    func matching() throws {
        let lines = [
            Self.line("example.com", "host", "1"),
            Self.line("example.com", "sub", "2", subdomains: true),
            Self.line("example.com", "docs", "3", path: "/docs/"),
            Self.line("example.com", "quoted", "4", path: "\"/q\""),
            Self.line("example.com", "old", "5", expires: 1_999_999_999),
            Self.line("example.com", "now", "6", expires: 2_000_000_000),
            Self.line("example.com", "safe", "7", secure: true),
            Self.line("localhost", "local", "8", secure: true),
            Self.line("127.0.0.1", "ip", "9", subdomains: true),
        ]
        #expect(try Self.header(lines, "http://example.com/") == "host=1; now=6; sub=2")
        #expect(try Self.header(lines, "https://example.com/") == "safe=7; host=1; now=6; sub=2")
        #expect(try Self.header(lines, "http://www.example.com/") == "sub=2")
        #expect(try Self.header(lines, "http://notexample.com/") == nil)
        // `/docs/` is kept as `/docs`: it matches `/docs` and below, not `/docsx`.
        #expect(try Self.header(lines, "http://example.com/docs") == "docs=3; host=1; now=6; sub=2")
        #expect(try Self.header(lines, "http://example.com/docs/a?x=1") == "docs=3; host=1; now=6; sub=2")
        #expect(try Self.header(lines, "http://example.com/docsx") == "host=1; now=6; sub=2")
        #expect(try Self.header(lines, "http://example.com/q/1") == "quoted=4; host=1; now=6; sub=2")
        // The local host is a secure context even in clear text; an IP takes a Domain cookie only exactly.
        #expect(try Self.header(lines, "http://localhost:8080/") == "local=8")
        #expect(try Self.header(lines, "http://127.0.0.1:8080/") == "ip=9")
        // A Host header the request sets is what cookies are matched against.
        #expect(try Self.header(lines, "http://127.0.0.1:8080/", host: "www.example.com") == "sub=2")
        #expect(RequestCookies.host(fromHeader: "www.example.com:8080") == "www.example.com")
        #expect(RequestCookies.host(fromHeader: "[::1]:8080") == "::1")
    }

    @Test("at most 150 cookies, the first 150 of the list; the field stops before 8,190 bytes")
    func limits() throws {
        let many = (0..<200).map { Self.line("example.com", String(format: "n%03d", $0), "v") }
        let sent = try #require(try Self.header(many, "http://example.com/"))
        let names = sent.components(separatedBy: "; ").map { String($0.prefix(4)) }
        #expect(names.count == 150)
        #expect(names.first == "n149" && names.last == "n000", "newest first, among the first 150")
        let big = (0..<10).map { Self.line("example.com", "k\($0)", String(repeating: "x", count: 1000)) }
        let capped = try #require(try Self.header(big, "http://example.com/"))
        #expect(capped.components(separatedBy: "; ").count == 8)
        #expect(capped.utf8.count < RequestCookies.maxLength)
    }

    @Test("masked: the names stay, each value is ••••")
    func masked() {
        #expect(RequestCookies.masked("session=abc; theme=dark") == "session=••••; theme=••••")
    }
}
