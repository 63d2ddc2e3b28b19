import ExplorerCore

extension RunCommand {
    /// A WebSocket endpoint is a session: `run` holds only GraphQL's (graphql-transport-ws, `GraphQLWebSocketRun`);
    /// any other would go out as a plain HTTP request to the URL's http form, which is not what the endpoint
    /// describes, so it is refused with the command that opens it.
    func refuseWebSocket(in loaded: Profile) throws {
        guard let found = loaded.endpoint(endpoint), found.webSocket != nil else { return }
        if case .graphql? = found.body { return }
        // Its `expect:` needs a session with an end, which `apix test` gives it (`WebSocketTestSession`).
        let checked = found.expectation == nil ? "" : "; `apix test \(profile) \(endpoint)` checks its `expect:`"
        throw CLIFailure(
            .usage,
            "`\(endpoint)` is a WebSocket endpoint (protocol: websocket): open it with `apix ws \(profile) \(endpoint)`"
                + checked)
    }

    /// GraphQL over WebSocket (graphql-transport-ws): a session, not one answer; its `expect:` checked at its end.
    func runSubscription(_ prepared: ExchangePlan, chain: RunChain, history: HistoryLog?) async throws {
        let printer = try streamPrinter(clearsProgress: false)
        try await GraphQLWebSocketRun(
            exchange: prepared, printer: printer, maxEvents: maxEvents, history: history, chain: chain, json: json
        ).run()
    }
}
