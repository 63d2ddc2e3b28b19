import Foundation

/// Writing a WebSocket endpoint's `protocol:` and keys back in the form `ProfileLoader+WebSocket` reads, so a save
/// or an import keeps them.
extension ProfileEmitter {
    static let webSocketKeys: Set<String> = [
        "protocol", "subprotocols", "ping_interval", "max_message", "messages", "connection_init",
    ]

    static func webSocketValue(_ endpoint: Endpoint, _ key: String) -> Value? {
        guard let webSocket = endpoint.webSocket else { return nil }
        switch key {
        case "protocol":
            return .scalar("websocket")
        case "subprotocols":
            return webSocket.subprotocols.isEmpty ? nil : .sequence(webSocket.subprotocols.map(Value.string))
        case "ping_interval":
            return webSocket.pingInterval.map { .scalar(seconds($0)) }
        case "max_message":
            return webSocket.maxMessage.map { .scalar(size($0)) }
        case "messages":
            return webSocket.messages.isEmpty ? nil : .sequence(webSocket.messages.map(savedMessage))
        case "connection_init":
            return webSocket.connectionInit.map(json)
        default:
            return nil
        }
    }

    /// Seconds as written in a profile: whole, or with up to three decimals (`timeout`, `ping_interval`).
    static func seconds(_ duration: Duration) -> String {
        let components = duration.components
        let milliseconds = components.seconds * 1000 + components.attoseconds / 1_000_000_000_000_000
        if milliseconds % 1000 == 0 { return String(milliseconds / 1000) }
        var text = String(format: "%.3f", Double(milliseconds) / 1000)
        while text.hasSuffix("0") { text.removeLast() }
        return text
    }

    /// `64MiB` when the size is a whole number of MiB (or KiB), else bytes.
    static func size(_ bytes: Int64) -> String {
        if bytes % (1 << 20) == 0 { return "\(bytes >> 20)MiB" }
        if bytes % (1 << 10) == 0 { return "\(bytes >> 10)KiB" }
        return String(bytes)
    }

    static func savedMessage(_ message: WebSocketEndpoint.SavedMessage) -> Value {
        let content: Entry =
            switch message.content {
            case .text(let text): Entry("text", template(text))
            case .json(let value): Entry("json", json(value))
            case .file(let path): Entry("file", .string(path))
            }
        return .mapping([Entry("name", .string(message.name)), content])
    }
}
