import Foundation
import Testing

@testable import ExplorerCore

@Suite("WebSocket opening handshake (RFC 6455 §4)")
struct WebSocketHandshakeTests {
    let handshake = WebSocketHandshake(key: "dGhlIHNhbXBsZSBub25jZQ==", subprotocols: ["chat.v2", "chat.v1"])

    func answer(_ extra: [(String, String)] = [], accept: String = "s3pPLMBiTxaQ9kYGzzhZRbK+xOo=") -> HTTPHeaders {
        HTTPHeaders(
            [("Upgrade", "websocket"), ("Connection", "keep-alive, Upgrade"), ("Sec-WebSocket-Accept", accept)] + extra)
    }

    @Test("§4.1: the request head: GET target, Host, the profile's headers, then the handshake's own fields")
    func requestHead() throws {
        let url = try #require(URLComponents(string: "http://example.com:8080/chat?room=1"))
        let head = handshake.requestHead(
            url: url, headers: HTTPHeaders([("Authorization", "Bearer t"), ("Upgrade", "h2c")]), cookie: "a=b")
        let lines = head.components(separatedBy: "\r\n")
        #expect(lines[0] == "GET /chat?room=1 HTTP/1.1")
        #expect(lines[1] == "Host: example.com:8080")
        #expect(lines.contains("Authorization: Bearer t"))
        #expect(lines.contains("Cookie: a=b"))
        #expect(lines.contains("Upgrade: websocket"))
        #expect(!lines.contains("Upgrade: h2c"))
        #expect(lines.contains("Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ=="))
        #expect(lines.contains("Sec-WebSocket-Version: 13"))
        #expect(lines.contains("Sec-WebSocket-Protocol: chat.v2, chat.v1"))
        #expect(lines.contains("Sec-WebSocket-Extensions: permessage-deflate; client_max_window_bits"))
        #expect(head.hasSuffix("\r\n\r\n"))
    }

    @Test("§4.1: a 101 with the right accept opens; its subprotocol and extension are what was agreed")
    func accepted() throws {
        let agreement = try handshake.check(
            status: 101, reason: "Switching Protocols",
            headers: answer([("Sec-WebSocket-Protocol", "chat.v1"), ("Sec-WebSocket-Extensions", "permessage-deflate")])
        ).get()
        #expect(agreement.subprotocol == "chat.v1")
        #expect(agreement.deflate == PerMessageDeflate())
    }

    @Test("§4.1: not 101, no Upgrade or Connection, a wrong accept, an unoffered subprotocol: no session")
    func refused() {
        #expect(handshake.check(status: 200, reason: "OK", headers: answer()) == .failure(.status(200, "OK")))
        let noUpgrade = HTTPHeaders([
            ("Connection", "Upgrade"), ("Sec-WebSocket-Accept", "s3pPLMBiTxaQ9kYGzzhZRbK+xOo="),
        ])
        #expect(throws: WebSocketHandshake.Failure.self) {
            try handshake.check(status: 101, reason: "", headers: noUpgrade).get()
        }
        #expect(throws: WebSocketHandshake.Failure.self) {
            try handshake.check(status: 101, reason: "", headers: answer(accept: "wrong=")).get()
        }
        #expect(
            handshake.check(status: 101, reason: "", headers: answer([("Sec-WebSocket-Protocol", "other")]))
                == .failure(.subprotocolRefused("other")))
        let noDeflate = WebSocketHandshake(key: "dGhlIHNhbXBsZSBub25jZQ==", offersDeflate: false)
        #expect(throws: WebSocketHandshake.Failure.self) {
            try noDeflate.check(
                status: 101, reason: "", headers: answer([("Sec-WebSocket-Extensions", "permessage-deflate")])
            ).get()
        }
    }

    @Test("The answer's head is read up to its empty line; frames after it are kept")
    func responseHead() {
        let bytes = Array("HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\n\r\n".utf8) + [0x81, 0x00]
        #expect(WebSocketResponseHead.parse(Array(bytes.prefix(20))) == .needMore)
        guard case .head(let head) = WebSocketResponseHead.parse(bytes) else { return #expect(Bool(false)) }
        #expect(head.status == 101)
        #expect(head.headers["upgrade"] == "websocket")
        #expect(head.rest == [0x81, 0x00])
        #expect(WebSocketResponseHead.parse(Array(repeating: 0x41, count: 200 * 1024)) == .tooLarge)
    }

    @Test("Cookies from the jar go to the URL they match (domain, path, secure, expiry)")
    func cookies() throws {
        let lines = [
            "example.com\tFALSE\t/\tFALSE\t0\tsession\tabc",
            ".example.com\tTRUE\t/chat\tFALSE\t0\troom\t1",
            "example.com\tFALSE\t/\tTRUE\t0\tsecure\tyes",
            "example.com\tFALSE\t/\tFALSE\t1\texpired\tno",
            "other.com\tFALSE\t/\tFALSE\t0\tother\tno",
        ]
        let plain = try #require(URLComponents(string: "ws://example.com/chat/1"))
        // libcurl's order: the longest path first.
        #expect(RequestCookies.header(lines: lines, url: plain, now: Date()) == "room=1; session=abc")
        let secure = try #require(URLComponents(string: "wss://api.example.com/"))
        #expect(RequestCookies.header(lines: lines, url: secure, now: Date()) == nil)
    }

    @Test("RFC 6265 §5.2–5.3: the upgrade answer's Set-Cookie as a jar line (domain, path, expiry, flags)")
    func setCookieLines() throws {
        let url = try #require(URLComponents(string: "wss://api.example.com/chat/room/1"))
        let now = Date(timeIntervalSince1970: 1_000_000)
        func line(_ value: String) -> String? { WebSocketCookies.jarLine(setCookie: value, url: url, now: now) }
        // Host-only, path from the request's directory, a session cookie.
        #expect(line("a=1") == "api.example.com\tFALSE\t/chat/room\tFALSE\t0\ta\t1")
        #expect(
            line("s=x y; Domain=.Example.com; Path=/; Secure; HttpOnly; Max-Age=60")
                == "#HttpOnly_example.com\tTRUE\t/\tTRUE\t1000060\ts\tx y")
        #expect(line("e=1; Expires=Sun, 06 Nov 1994 08:49:37 GMT; Path=/x")?.contains("\t784111777\t") == true)
        #expect(line("gone=1; Max-Age=0")?.contains("\t1\tgone\t") == true, "expired: removes the jar's copy")
        #expect(line("f=1; Domain=other.com") == nil, "not the host's domain")
        #expect(line("f=1; Domain=ample.com") == nil, "a suffix that is no domain boundary")
        #expect(line("f=1; Domain=com") == nil, "a public suffix")
        #expect(line("novalue") == nil)
        #expect(line("=1") == nil)
        #expect(line("t=a\tb") == nil, "a tab would break the jar's line")
    }

    @Test("a Domain that is a public suffix is refused, as libcurl (with libpsl) refuses it from an HTTP answer")
    func publicSuffixDomains() throws {
        func line(_ url: String, _ value: String) throws -> String? {
            WebSocketCookies.jarLine(setCookie: value, url: try #require(URLComponents(string: url)), now: Date())
        }
        #expect(try line("wss://ws.evil.co.uk/", "f=1; Domain=co.uk") == nil)
        #expect(try line("wss://me.github.io/", "f=1; Domain=github.io") == nil, "the list's private part too")
        #expect(try line("wss://ws.evil.co.uk/", "f=1; Domain=evil.co.uk")?.hasPrefix("evil.co.uk\tTRUE\t") == true)
        #expect(try line("wss://me.github.io/", "f=1; Domain=me.github.io")?.hasPrefix("me.github.io\tTRUE\t") == true)
        #expect(try line("ws://localhost:1/", "f=1; Domain=localhost")?.hasPrefix("localhost\tTRUE\t") == true)
        #expect(try line("ws://127.0.0.1:1/", "f=1; Domain=127.0.0.1")?.hasPrefix("127.0.0.1\tTRUE\t") == true)
    }
}
