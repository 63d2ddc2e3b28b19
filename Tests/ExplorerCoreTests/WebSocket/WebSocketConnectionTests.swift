import Foundation
import TestSupport
import Testing

@testable import ExplorerCore

/// The connection itself (`WebSocketConnection` over libcurl) against the `websockets` library's server: the
/// handshake from an endpoint's plan, a proxy tunnel, and the closing handshake from apix's side.
@Suite("WebSocket connections over libcurl")
struct WebSocketConnectionTests {
    static func plan(_ url: String, proxy: String? = nil, tls: TestCertificates? = nil) throws -> ExchangePlan {
        var endpoint = Endpoint(id: "ws", path: Template(url))
        endpoint.webSocket = WebSocketEndpoint(subprotocols: ["chat.v1"])
        let profile = Profile(
            id: "", environments: [ProfileEnvironment(name: "default", baseURL: Template(""))], endpoints: [endpoint])
        var overrides = RequestOverrides()
        overrides.proxy = proxy
        if let tls {
            overrides.caFile = tls.caCertificate
            overrides.certFile = tls.clientCertificate
            overrides.keyFile = tls.clientKey
        }
        return try ExchangePlan(
            endpoint, builder: RequestBuilder(profile: profile, processEnvironment: [:]), overrides: overrides)
    }

    /// Events until the session is over (bounded: the session ends by itself within its close wait).
    static func events(of connection: WebSocketConnection) async -> [WebSocketEvent] {
        var events: [WebSocketEvent] = []
        while let event = await connection.next(), events.count < 1000 { events.append(event) }
        return events
    }

    @Test("Open, echo, close 1000 (RFC 6455 §4, §7.1.2): the agreement and the close are reported")
    func echo() async throws {
        let peer = try WebSocketPeer()
        let connection = try await Self.plan(peer.url("/subprotocol")).openWebSocket().get()
        #expect(connection.opened.status == 101)
        #expect(connection.opened.agreement.subprotocol == "chat.v1")
        #expect(connection.opened.agreement.deflate != nil)
        #expect(await connection.next() == .message(.text("chat.v1")))
        await connection.send(.binary([1, 2, 3]))
        #expect(await connection.next() == .message(.binary([1, 2, 3])))
        connection.close(code: 1000, reason: "done")
        let rest = await Self.events(of: connection)
        guard case .closed(let close)? = rest.last, rest.count == 1 else { return #expect(Bool(false), "\(rest)") }
        #expect(close.code == 1000)
        #expect(close.initiator == .client)
    }

    @Test("Through an HTTP proxy the session goes through a CONNECT tunnel, as any request's proxy settings say")
    func proxyTunnel() async throws {
        let peer = try WebSocketPeer()
        let proxy = try await RecordingProxy()
        defer { proxy.stop() }
        let connection = try await Self.plan(peer.url("/echo"), proxy: proxy.url).openWebSocket().get()
        await connection.send(.text("through the tunnel"))
        #expect(await connection.next() == .message(.text("through the tunnel")))
        connection.close()
        _ = await Self.events(of: connection)
        #expect(proxy.requests.contains { $0.hasPrefix("CONNECT 127.0.0.1:\(peer.port)") }, "\(proxy.requests)")
    }

    @Test("A refused upgrade reports the status; no server reports curl's kind")
    func failures() async throws {
        try await withDemoServer { server in
            let plan = try Self.plan("ws://127.0.0.1:\(server.port)/json")
            guard case .failure(.handshake(.status(let status, _), _, _)) = await plan.openWebSocket() else {
                return #expect(Bool(false))
            }
            #expect(status != 101 && (200..<600).contains(status))
        }
        guard case .failure(.transport(let error)) = try await Self.plan("ws://127.0.0.1:1/").openWebSocket() else {
            return #expect(Bool(false))
        }
        #expect(error.kind == .connectionRefused)
    }

    @Test("wss:// with a client certificate: TLS, the CA and the certificate are libcurl's, as for any request")
    func clientCertificate() async throws {
        let certificates = try TestCertificates()
        let peer = try WebSocketPeer(
            tls: (certificates.serverCertificate, certificates.serverKey), clientCA: certificates.caCertificate)
        var plan = try Self.plan(peer.url("/echo"), tls: certificates)
        #expect(plan.request.request.url.hasPrefix("https://"))
        // The client key is encrypted: its password as a profile's `key_password` gives it.
        var request = plan.request.request
        request.options.keyPassword = certificates.keyPassword
        let connection = try await WebSocketConnection.open(request, settings: WebSocketSettings()).get()
        await connection.send(.text("mutual TLS"))
        #expect(await connection.next() == .message(.text("mutual TLS")))
        connection.close()
        _ = await Self.events(of: connection)
        // Without the client certificate the server refuses the TLS handshake.
        plan = try Self.plan(peer.url("/echo"))
        var bare = plan.request.request
        bare.options.caFile = certificates.caCertificate
        guard case .failure(let error) = await WebSocketConnection.open(bare, settings: WebSocketSettings()) else {
            return #expect(Bool(false))
        }
        #expect(error.message.contains("no response"))
    }
}
