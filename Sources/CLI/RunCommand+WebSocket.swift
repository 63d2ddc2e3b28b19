import ExplorerCore

extension RunCommand {
    /// A WebSocket endpoint is a session: `run` holds only GraphQL's (graphql-transport-ws, `GraphQLWebSocketRun`);
    /// any other would go out as a plain HTTP request to the URL's http form, which is not what the endpoint
    /// describes, so it is refused with the command that opens it.
    func refuseWebSocket(in loaded: Profile) throws {
        guard let found = loaded.endpoint(endpoint), found.webSocket != nil else { return }
        if case .graphql? = found.body { return }
        throw CLIFailure(
            .usage,
            "`\(endpoint)` is a WebSocket endpoint (protocol: websocket): open it with `apix ws \(profile) \(endpoint)`"
        )
    }
}
