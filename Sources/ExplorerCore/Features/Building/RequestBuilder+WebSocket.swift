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

extension RequestBuilder {
    /// The payload of the `connection_init` message a `graphql:` body on a WebSocket endpoint opens its session
    /// with: `connection_init:` with every `{{variable}}` filled; a string holding a JSON object is that object.
    /// Nil when the endpoint has none (or is not such an endpoint).
    func graphQLConnectionInit(_ endpoint: Endpoint, scope: VariableScope, masking: Bool) throws(RequestBuildError)
        -> JSONValue?
    {
        guard case .graphql? = endpoint.body, let payload = endpoint.webSocket?.connectionInit else { return nil }
        let rendered = try payload.render(scope, masking: masking)
        guard case .string(let text) = rendered else { return rendered }
        let location = if case .string(let template) = payload { template.location } else { SourceLocation?.none }
        let parsed: JSONValue
        do {
            parsed = try JSONValue.parse(text)
        } catch {
            // Masked, a secret standing for a number reads `••••`: shown as the text, never sent.
            if masking { return rendered }
            throw RequestBuildError(.invalidBody("connection_init: \(error)"), location: location)
        }
        guard case .object = parsed else {
            throw RequestBuildError(.invalidBody("connection_init: not a JSON object"), location: location)
        }
        return parsed
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
