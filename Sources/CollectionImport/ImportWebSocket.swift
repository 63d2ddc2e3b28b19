import ExplorerCore
import Foundation

/// What the collection importers share for WebSocket requests (docs/WEBSOCKET.md, "Imports"): which URLs name a
/// session, and a saved message from an exporter's payload text and its kind.
enum ImportWebSocket {
    /// True for a `ws://` or `wss://` URL (any case), the mark of a WebSocket request in formats that have no type
    /// of their own for one (a Postman v2.1 item).
    static func isWebSocketURL(_ url: String) -> Bool {
        let lower = url.trimmingCharacters(in: .whitespaces).lowercased()
        return lower.hasPrefix("ws://") || lower.hasPrefix("wss://")
    }

    /// A saved message called `name`: JSON that parses (when the exporter says JSON, or the text looks like it)
    /// as `json:`, anything else as `text:`. `{{variables}}` stay templates either way. Nil for empty text.
    static func message(name: String, text: String, json: Bool) -> WebSocketEndpoint.SavedMessage? {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { return nil }
        let looksJSON = json || trimmed.first == "{" || trimmed.first == "["
        // `BodyTemplate.json` is the one JSON-text-to-value path; what does not parse comes back as a string.
        if looksJSON, case .json(let value) = BodyTemplate.json(text: trimmed) {
            if case .string = value {} else { return .init(name: name, content: .json(value)) }
        }
        return .init(name: name, content: .text(Template(text)))
    }

    /// `messages` with unique names: a repeated name gets ` 2`, ` 3`, … (the profile refuses a name twice).
    static func uniqueNames(_ messages: [WebSocketEndpoint.SavedMessage]) -> [WebSocketEndpoint.SavedMessage] {
        var seen: Set<String> = []
        return messages.map { message in
            var message = message
            let base = message.name.isEmpty ? "message" : message.name
            var name = base
            var number = 2
            while seen.contains(name) {
                name = "\(base) \(number)"
                number += 1
            }
            seen.insert(name)
            message.name = name
            return message
        }
    }

    /// Makes `endpoint` a WebSocket endpoint with `messages`: a GET without a body; a `Sec-WebSocket-Protocol`
    /// header becomes `subprotocols:` (comma-separated values, in order), and the headers the handshake writes
    /// itself (`Upgrade`, `Connection`, `Sec-WebSocket-Key`/`-Version`/`-Extensions`) are dropped, as a browser's
    /// export or a copied request may carry them.
    static func settle(_ endpoint: inout Endpoint, messages: [WebSocketEndpoint.SavedMessage]) {
        var settings = WebSocketEndpoint(messages: uniqueNames(messages))
        for header in endpoint.headers where header.name.lowercased() == "sec-websocket-protocol" {
            for value in header.values ?? [] {
                for token in value.raw.split(separator: ",") {
                    let name = token.trimmingCharacters(in: .whitespaces)
                    if !name.isEmpty, !settings.subprotocols.contains(name) { settings.subprotocols.append(name) }
                }
            }
        }
        let handshake: Set<String> = [
            "upgrade", "connection", "sec-websocket-protocol", "sec-websocket-key", "sec-websocket-version",
            "sec-websocket-extensions",
        ]
        endpoint.headers.removeAll { handshake.contains($0.name.lowercased()) }
        endpoint.method = .get
        endpoint.body = nil
        endpoint.webSocket = settings
    }
}
