import ExplorerCore
import ExplorerHistory

extension EndpointSender {
    /// A WebSocket endpoint's exchange is a session run to its end (`WebSocketTestSession`): its saved messages
    /// (`messages:`, filled with the values held now) sent, its answer the `101` with the session's timing, its
    /// record the session's, as `apix ws` keeps one.
    func sendSession(_ exchange: ExchangePlan, endpoint: Endpoint, builder: RequestBuilder) async
        -> Result<Response, ClientError>
    {
        var messages: [WebSocketMessage] = []
        if exchange.graphQLConversation == nil {
            let maxMessage = WebSocketSettings.forEndpoint(endpoint).maxMessage
            do throws(RequestBuildError) {
                for saved in endpoint.webSocket?.messages ?? [] {
                    messages.append(try builder.webSocketMessage(saved, maxMessage: maxMessage))
                }
            } catch {
                return .failure(
                    ClientError(
                        .transport(TransportError(.invalidRequest, "cannot build `\(endpoint.id)`: \(error.message)"))))
            }
        }
        let outcome = await WebSocketTestSession(exchange: exchange, messages: messages, maxEvents: maxEvents).run()
        if let history {
            let token = await exchange.token()
            let entry = HistoryRecording.entry(
                forSession: exchange, origin: history.origin, opened: outcome.opened, transcript: outcome.transcript,
                token: token)
            let secrets = HistorySecrets(exchange.secretValues(token: token, sent: exchange.request.request))
            history.hold(entry, secrets: secrets, endpoint: endpoint.id)
        }
        return outcome.result
    }
}
