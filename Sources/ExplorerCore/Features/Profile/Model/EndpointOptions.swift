/// The parts of an endpoint that most endpoints leave unset: transfer settings, its own auth, downloads, captures,
/// chains, checks, response and request schemas and WebSocket keys.
///
/// `Endpoint` keeps them behind one copy-on-write reference (`Endpoint.options`), shared by every endpoint that sets
/// none of them. An endpoint is copied whole each time the catalog, the explorer's state or a request plan takes it;
/// with these fields inline it was about a kilobyte, retained field by field, and moving and copying 2,000 of them
/// was a tenth of the explorer's start-up (docs/BENCHMARKS.md).
package struct EndpointOptions: Sendable, Hashable {
    var transfer = TransferSettings()
    var auth: AuthSpec?
    var authName: String?
    var authNameLocation: SourceLocation?
    var downloadTo: String?
    var captures: [Capture] = []
    var uses: [EndpointUse] = []
    var expectation: ResponseExpectation?
    var responses: [ResponseSchemaRule] = []
    var requestSchema: String?
    var requestSchemaLocation: SourceLocation?
    var webSocket: WebSocketEndpoint?

    /// The one storage of every endpoint that sets none of the options.
    static let unset = CopyOnWrite(EndpointOptions())
}
