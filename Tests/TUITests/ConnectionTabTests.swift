import Foundation
import Testing

@testable import ExplorerCore
@testable import TUI

/// The response pane's Connection tab (issue 30): drawn from the answer's `ConnectionInfo`, its server text
/// escaped, on `5` and among the tabs left and right cycle through, absent when no connection was seen.
@Suite("Connection tab")
@MainActor
struct ConnectionTabTests {
    static let certificate = ConnectionInfo.Certificate(
        subject: "CN = api.example.com\u{1B}[31m", issuer: "CN = Test CA", alternativeNames: ["DNS:api.example.com"],
        notAfter: Fixtures.start.date.addingTimeInterval(30 * 86_400 + 3600), signatureAlgorithm: "ecdsa-with-SHA256")

    private func state(connection: ConnectionInfo?) throws -> AppState {
        var state = Fixtures.smallState(width: 120, height: 40)
        state.select("items.get")
        let effects = state.press(.enter)
        let id = try #require(effects.first?.sent?.id)
        var response = Fixtures.jsonResponse("{}")
        response.connection = connection
        _ = state.update(.exchangeFinished(exchange: id, .success(response), at: 101))
        state.focus = .response
        return state
    }

    @Test("5 shows address, reuse, HTTP version, ALPN, TLS and the certificate with its days left, escaped")
    func drawn() throws {
        let info = ConnectionInfo(
            remoteAddress: "127.0.0.1", remotePort: 8443, localAddress: "127.0.0.1", localPort: 50_000, reused: false,
            httpVersion: "HTTP/2", alpn: "h2",
            tls: .init(version: "TLSv1.3", cipher: "TLS_AES_256_GCM_SHA384", certificates: [Self.certificate]))
        var state = try state(connection: info)
        _ = state.press(.character("5"))
        #expect(state.response.tab == .connection)
        let text = Screen.render(state, theme: .monochrome).text
        #expect(text.contains(" Connection "))
        #expect(text.contains("address     127.0.0.1:8443 from 127.0.0.1:50000"))
        #expect(text.contains("connection  new"))
        #expect(text.contains("HTTP        HTTP/2"))
        #expect(text.contains("ALPN        h2"))
        #expect(text.contains("version     TLSv1.3"))
        #expect(text.contains("cipher      TLS_AES_256_GCM_SHA384"))
        #expect(text.contains("subject     CN = api.example.com\\e[31m"))
        #expect(!text.contains("\u{1B}"))
        #expect(text.contains("issuer      CN = Test CA"))
        #expect(text.contains("names       DNS:api.example.com"))
        #expect(text.contains("(30 days left)"))

        // Apart from the tabs ←/→ cycle through (as the Request tab): right from it goes to Body, left from Body never
        // lands on it; the search finds its lines.
        _ = state.press(.right)
        #expect(state.response.tab == .body)
        _ = state.press(.left)
        #expect(state.response.tab == .raw)
        _ = state.press(.character("5"))
        _ = state.press(.character("/"))
        for character in "cipher" { _ = state.press(.character(character)) }
        _ = state.press(.enter)
        #expect(state.response.matchLine == 7)
    }

    @Test("a plain HTTP answer's tab says so; an answer with no connection seen has no Connection tab")
    func plainAndAbsent() throws {
        var plain = try state(
            connection: ConnectionInfo(
                remoteAddress: "127.0.0.1", remotePort: 9000, reused: true, httpVersion: "HTTP/1.1"))
        _ = plain.press(.character("5"))
        let text = Screen.render(plain, theme: .monochrome).text
        #expect(text.contains("connection  reused (no new handshake)"))
        #expect(text.contains("none        plain HTTP: nothing was encrypted"))

        var none = try state(connection: nil)
        #expect(!none.responseTabs(for: none.shownExchange).contains(.connection))
        _ = none.press(.character("5"))
        #expect(none.response.tab == .body)
        #expect(none.message?.text.contains("no connection") == true)
        #expect(!Screen.render(none, theme: .monochrome).text.contains(" Connection "))
    }
}
