import Foundation
import TestSupport
import Testing

@testable import ExplorerCore

/// The connection inspector (issue 30): what an answer says about its connection, from libcurl, against nginx over
/// TLS (a certificate made at test time) and the demo API in clear text; `expect: { tls: … }` on real answers.
@Suite("Connection inspector", .enabled(if: NginxServer.isAvailable), .serialized)
struct ConnectionInspectorTests {
    static func request(_ server: NginxServer, http1: Bool = false) -> PreparedRequest {
        var request = PreparedRequest(url: "https://127.0.0.1:\(server.tlsPort)/")
        request.options.caFile = server.certificates.caCertificate
        if http1 { request.options.httpVersion = .http1 }
        return request
    }

    @Test("over TLS: the address dialled, a new connection, HTTP/2 by ALPN, the TLS version, cipher and certificate")
    func newConnection() async throws {
        let server = try await NginxServer()
        defer { server.stop() }
        let response = try await Client().send(Self.request(server)).response()
        let connection = try #require(response.connection)
        #expect(connection.remoteAddress == "127.0.0.1")
        #expect(connection.remotePort == server.tlsPort)
        #expect(connection.localAddress == "127.0.0.1")
        #expect(connection.localPort > 0)
        #expect(!connection.reused)
        #expect(connection.httpVersion == "HTTP/2")
        #expect(connection.alpn == "h2")
        let tls = try #require(connection.tls)
        #expect(tls.version?.hasPrefix("TLSv1.") == true)
        #expect(tls.cipher?.isEmpty == false)
        let leaf = try #require(tls.certificates.first)
        #expect(leaf.subject.contains("CN = 127.0.0.1"))
        #expect(leaf.issuer.contains("CN = apix-test-ca"))
        #expect(leaf.alternativeNames == ["IP Address:127.0.0.1", "DNS:localhost"])
        // Made with `-days 1` a moment ago.
        #expect(leaf.daysLeft() == 0)
        let notAfter = try #require(leaf.notAfter)
        #expect(abs(notAfter.timeIntervalSinceNow - 86_400) < 600)
        #expect(leaf.signatureAlgorithm == "ecdsa-with-SHA256")
    }

    @Test("a second request through the same client reuses the connection and still shows its TLS facts")
    func reused() async throws {
        let server = try await NginxServer()
        defer { server.stop() }
        let client = Client()
        let first = try #require(try await client.send(Self.request(server, http1: true)).response().connection)
        let second = try #require(try await client.send(Self.request(server, http1: true)).response().connection)
        #expect(!first.reused)
        #expect(second.reused)
        #expect(second.localPort == first.localPort)
        #expect(second.httpVersion == "HTTP/1.1")
        #expect(second.tls == first.tls)
        #expect(second.alpn == first.alpn)
        #expect(first.alpn == "http/1.1")
        #expect(second.tls?.certificates.first?.subject.contains("127.0.0.1") == true)
    }

    @Test("a new connection to the same server resumes the TLS session of the first; the drift says so")
    func resumed() async throws {
        let server = try await NginxServer()
        defer { server.stop() }
        let client = Client()
        // `Connection: close`: the server closes the first connection, so the second must make one.
        var closing = Self.request(server, http1: true)
        closing.headers.add("Connection", "close")
        let first = try await client.send(closing).response()
        let second = try await client.send(Self.request(server, http1: true)).response()
        let before = try #require(first.connection)
        let after = try #require(second.connection)
        #expect(!before.reused && !after.reused)
        #expect(after.localPort != before.localPort)
        #expect(before.tls?.resumed == false)
        #expect(after.tls?.resumed == true)
        #expect(first.metrics.tlsResumed == false && second.metrics.tlsResumed == true)
        // The chain is the session's: still there to check (`expect: { tls: { days_left } }`).
        #expect(after.tls?.certificates.first?.subject.contains("CN = 127.0.0.1") == true)
        #expect(after.lines().contains { $0.contains("session") && $0.contains("resumed") }, "\(after.lines())")
    }

    @Test("in clear text there is no TLS and no ALPN")
    func clearText() async throws {
        try await withDemoServer { server in
            let response = try await Client().send(PreparedRequest(url: server.baseURL + "/todos")).response()
            let connection = try #require(response.connection)
            #expect(connection.tls == nil)
            #expect(connection.alpn == nil)
            #expect(connection.remotePort == server.port)
            #expect(connection.httpVersion == "HTTP/1.1")
        }
    }

    @Test("expect tls days_left passes and fails on a real certificate; a plain HTTP answer fails it and says why")
    func expectRule() async throws {
        let server = try await NginxServer()
        defer { server.stop() }
        let response = try await Client().send(Self.request(server)).response()
        let expectation = try ExpectationCheckerTests.expectation(
            """
            tls: { days_left: ">= 0" }
            """)
        let passed = ExpectationChecker.check(expectation, against: response)
        #expect(passed.map(\.passed) == [true])
        #expect(passed.first?.description == "✓ tls days_left >= 0 (0 days)")
        let strict = try ExpectationCheckerTests.expectation(
            """
            tls: { days_left: "> 14" }
            """)
        let failed = ExpectationChecker.check(strict, against: response)
        #expect(failed.map(\.passed) == [false])
        #expect(failed.first?.description == "✗ tls days_left > 14 (got 0 days)")

        try await withDemoServer { demo in
            let plain = try await Client().send(PreparedRequest(url: demo.baseURL + "/todos")).response()
            let result = try #require(ExpectationChecker.check(expectation, against: plain).first)
            #expect(!result.passed)
            #expect(result.actual == "no TLS: the answer came over plain HTTP")
        }
    }
}
