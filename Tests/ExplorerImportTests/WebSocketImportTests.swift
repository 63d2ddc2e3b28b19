import Foundation
import Testing

@testable import CollectionImport
@testable import ExplorerCore

/// WebSocket requests in Postman, Insomnia and Bruno exports become `protocol: websocket` endpoints
/// (docs/WEBSOCKET.md, "Imports"), with their headers, auth and saved messages, and the written profile loads back.
@Suite("WebSocket imports")
struct WebSocketImportTests {
    static func endpoint(_ imported: ProfileImport, _ name: String) throws -> Endpoint {
        try #require(imported.profile.endpoints.first { $0.name == name })
    }

    static func header(_ endpoint: Endpoint, _ name: String) -> String? {
        endpoint.headers.first { $0.name == name }?.values?.first?.raw
    }

    @Test(
        "Postman v2.1: ws(s):// items are WebSocket endpoints; the raw body is a saved message; subprotocols from the header"
    )
    func postman() throws {
        let imported = try CollectionImporter.makeProfile(
            format: .postman, path: ImportFixtures.path("websocket/postman-v2.1-websocket.json"), id: nil)
        let http = try Self.endpoint(imported, "List rooms")
        #expect(http.webSocket == nil)
        let socket = try Self.endpoint(imported, "Room socket")
        let settings = try #require(socket.webSocket)
        // Same host as the HTTP request: a path under the shared base (https → wss when sent).
        #expect(imported.profile.environments.first?.baseURL.raw == "https://chat.example.com")
        #expect(socket.path.raw == "/rooms/{room}/socket")
        #expect(socket.query.map(\.name) == ["v"])
        #expect(settings.subprotocols == ["chat.v2", "chat.v1"])
        #expect(Self.header(socket, "X-Client") == "postman")
        #expect(Self.header(socket, "Authorization") == "Bearer {{chat_token}}")
        #expect(!socket.headers.contains { ["upgrade", "sec-websocket-protocol"].contains($0.name.lowercased()) })
        #expect(socket.body == nil)
        #expect(settings.messages.map(\.name) == ["body"])
        guard case .json = settings.messages.first?.content else {
            Issue.record("the JSON body should be a json: message, got \(String(describing: settings.messages.first))")
            return
        }
        // Another host keeps its whole URL.
        let elsewhere = try Self.endpoint(imported, "Elsewhere")
        #expect(elsewhere.webSocket != nil)
        #expect(elsewhere.path.raw == "ws://push.example.net:9001/feed")
        let loaded = try ImportFixtures.written(imported)
        #expect(loaded.endpoints.filter { $0.webSocket != nil }.count == 2)
        // Compared as text: what is read back carries source locations, which `==` sees.
        #expect(
            String(describing: loaded.endpoints.first { $0.name == "Room socket" }?.webSocket)
                == String(describing: Optional(settings)))
    }

    @Test("Insomnia v4: websocket_request with its folder, headers, API key and parameters; websocket_payload messages")
    func insomnia() throws {
        let imported = try CollectionImporter.makeProfile(
            format: .insomnia, path: ImportFixtures.path("websocket/insomnia-v4-websocket.json"), id: nil)
        #expect(imported.profile.endpoints.count == 3)
        #expect(!imported.notes.contains { $0.contains("websocket") })
        let ticker = try Self.endpoint(imported, "Ticker socket")
        let settings = try #require(ticker.webSocket)
        #expect(ticker.folder == "Streams")
        #expect(ticker.path.raw == "{{ws_base}}/ticker")
        #expect(ticker.query.map(\.name) == ["depth"])
        #expect(Self.header(ticker, "X-Feed") == "equities")
        #expect(Self.header(ticker, "X-API-Key") == "{{api_key}}")
        #expect(imported.secretValues["api_key"] == "k-123")
        #expect(settings.subprotocols == ["ticker.v1"])
        #expect(settings.messages.map(\.name) == ["payload"])
        guard case .json(let value) = settings.messages.first?.content else {
            Issue.record("the application/json payload should be a json: message")
            return
        }
        #expect(String(describing: value).contains("{{symbol}}"))
        let echo = try Self.endpoint(imported, "Echo")
        #expect(echo.webSocket?.messages.first?.content == .text(Template("hello there")))
        #expect(try Self.endpoint(imported, "Quote").webSocket == nil)
        let loaded = try ImportFixtures.written(imported)
        #expect(
            String(describing: loaded.endpoints.first { $0.name == "Ticker socket" }?.webSocket)
                == String(describing: Optional(settings)))
    }

    @Test("Bruno: meta type ws with a ws block, its bearer auth, headers (disabled kept off) and body:ws messages")
    func bruno() throws {
        let imported = try CollectionImporter.makeProfile(
            format: .bruno, path: ImportFixtures.path("websocket/bruno-ws"), id: nil)
        #expect(imported.profile.endpoints.count == 2)
        #expect(!imported.notes.contains { $0.contains("not an HTTP request") })
        let socket = try Self.endpoint(imported, "Chat socket")
        let settings = try #require(socket.webSocket)
        #expect(imported.profile.environments.first?.baseURL.raw == "http://localhost:8080")
        #expect(socket.path.raw == "/chat")
        #expect(socket.folder == "Chat")
        #expect(Self.header(socket, "X-Client") == "bruno")
        #expect(socket.headers.first { $0.name == "X-Debug" }?.values == nil)
        #expect(Self.header(socket, "Authorization") == "Bearer {{token}}")
        #expect(settings.messages.map(\.name) == ["join", "hello"])
        #expect(settings.messages.last?.content == .text(Template("hello\nfrom bruno")))
        guard case .json = settings.messages.first?.content else {
            Issue.record("`type: json` should be a json: message")
            return
        }
        let loaded = try ImportFixtures.written(imported)
        #expect(
            String(describing: loaded.endpoints.first { $0.name == "Chat socket" }?.webSocket)
                == String(describing: Optional(settings)))
    }

    @Test("the shared real samples still import with no WebSocket endpoint among them")
    func samples() throws {
        for (format, name) in [
            (ImportFormat.postman, "postman-wise-groups.json"), (.insomnia, "insomnia-v4-kong-inso.json"),
            (.insomnia, "insomnia-v5-helpdesk.yaml"), (.bruno, "bruno-amsterdam-catalogus"),
        ] {
            let imported = try CollectionImporter.makeProfile(format: format, path: ImportFixtures.path(name), id: nil)
            #expect(imported.profile.endpoints.allSatisfy { $0.webSocket == nil }, "\(name)")
        }
    }
}
