import Foundation

/// A WebSocket endpoint's saved messages and settings, from the same layers as its request (variables, the
/// profile's directory for files).
extension RequestBuilder {
    /// The saved message `message` as it is sent: text with `{{variables}}` filled, JSON written compact, a file's
    /// bytes (read now, at most `maxMessage`).
    package func webSocketMessage(_ message: WebSocketEndpoint.SavedMessage, maxMessage: Int)
        throws(RequestBuildError) -> WebSocketMessage
    {
        let scope = try scope()
        switch message.content {
        case .text(let text):
            return .text(try text.render(scope))
        case .json(let value):
            return .text(try value.render(scope).serialized())
        case .file(let path):
            let resolved = resolvePath(path.hasPrefix("@") ? String(path.dropFirst()) : path)
            guard let handle = FileHandle(forReadingAtPath: resolved) else {
                throw RequestBuildError(.invalidBody("saved message `\(message.name)`: cannot read \(resolved)"))
            }
            defer { try? handle.close() }
            let data = (try? handle.read(upToCount: maxMessage + 1)) ?? Data()
            guard data.count <= maxMessage else {
                throw RequestBuildError(
                    .invalidBody(
                        "saved message `\(message.name)`: \(resolved) is over max_message (\(maxMessage) bytes)"))
            }
            return .binary(Array(data))
        }
    }
}

extension WebSocketSettings {
    /// The session settings of `endpoint` (`subprotocols`, `ping_interval`, `max_message`). A `graphql:` body
    /// that names no subprotocol offers `graphql-transport-ws`, the one protocol apix runs it with.
    package static func forEndpoint(_ endpoint: Endpoint) -> WebSocketSettings {
        var settings = WebSocketSettings()
        guard let webSocket = endpoint.webSocket else { return settings }
        settings.subprotocols = webSocket.subprotocols
        if settings.subprotocols.isEmpty, case .graphql? = endpoint.body {
            settings.subprotocols = [GraphQLTransportWS.subprotocol]
        }
        settings.pingInterval = webSocket.pingInterval
        if let max = webSocket.maxMessage { settings.maxMessage = Int(max) }
        return settings
    }
}
