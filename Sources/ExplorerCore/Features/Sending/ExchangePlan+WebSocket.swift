/// A WebSocket session from the one send pipeline: the handshake request is this plan's request (headers, auth,
/// variables, cookies, transfer settings as for any exchange), the credentials added by the same interceptor.
extension ExchangePlan {
    /// Connects and runs the opening handshake with `settings` (`WebSocketSettings.forEndpoint` by default).
    package func openWebSocket(settings: WebSocketSettings? = nil, sessions: AuthSessions = .shared) async
        -> Result<WebSocketConnection, WebSocketConnection.OpenError>
    {
        var request = self.request.prepared()
        // The upgrade is a GET without a body: a `graphql:` body goes in a message (`GraphQLTransportWS`), and its
        // Content-Type has no place on the handshake.
        request.body = .none
        let options = await sendOptions(sessions: sessions)
        if let interceptor = options.interceptor {
            do {
                request = try await interceptor.adapt(request, attempt: 0)
            } catch {
                switch error.reason {
                case .transport(let transport): return .failure(.transport(transport))
                case .auth(let detail): return .failure(.credentials(detail))
                }
            }
        }
        let chosen = settings ?? endpoint.map(WebSocketSettings.forEndpoint) ?? WebSocketSettings()
        return await WebSocketConnection.open(request, settings: chosen)
    }

    /// The session's URL as the user knows it (`ws://…`, `wss://…`), masked like the shown request.
    package var webSocketURL: String { WebSocketConnection.shownURL(masked.request.url) }

    /// The `subscribe` payload of a `graphql:` body on a WebSocket endpoint (run with `graphql-transport-ws`): the
    /// body this plan built, `{"query","variables","operationName"}`. Nil for another endpoint, or a body that is not
    /// a JSON object (a `-d` of something else).
    /// The graphql-transport-ws conversation of a `graphql:` body on a WebSocket endpoint: its `subscribe` payload
    /// and its `connection_init` payload (`connection_init:`), both as this plan built them. Nil for another
    /// endpoint.
    package var graphQLConversation: GraphQLTransportWS.Conversation? {
        graphQLWebSocketPayload.map {
            GraphQLTransportWS.Conversation(payload: $0, connectionInit: request.graphQLConnectionInit)
        }
    }

    /// The `connection_init` message as the screen, `apix run` and the history show it: its payload masked as the
    /// shown request is (a token in `connection_init:` is a secret like any). What goes is `graphQLConversation`'s.
    package var shownGraphQLOpening: String? {
        graphQLConversation.map { _ in GraphQLTransportWS.connectionInit(payload: masked.graphQLConnectionInit) }
    }

    package var graphQLWebSocketPayload: JSONValue? {
        guard endpoint?.webSocket != nil, case .graphql? = endpoint?.body,
            case .bytes(let data, _) = request.request.body,
            let payload = try? JSONValue.parse(String(decoding: data, as: UTF8.self)), case .object = payload
        else { return nil }
        return payload
    }
}
