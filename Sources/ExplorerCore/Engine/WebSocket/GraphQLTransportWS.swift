/// The client's side of GraphQL over WebSocket, the `graphql-transport-ws` protocol (the graphql-ws library's
/// PROTOCOL.md): the messages apix sends, and what a server's text message is. A `graphql:` body on a
/// `protocol: websocket` endpoint is run this way (docs/GRAPHQL.md); the session under it is any WebSocket session's.
///
/// The exchange: `connection_init` → `connection_ack`, then `subscribe` {id, payload} → `next` {id, payload} per
/// result, ended by `complete` {id} (or `error` {id, payload: [errors]} when the operation is refused); either side
/// may `ping`, answered by a `pong`; the client's `complete` stops a subscription.
package enum GraphQLTransportWS {
    /// The subprotocol offered (`Sec-WebSocket-Protocol`) when the endpoint names none.
    package static let subprotocol = "graphql-transport-ws"
    /// The one operation a run subscribes to.
    package static let operationID = "1"
    /// The close code of a message the protocol does not allow ("Invalid message", as the protocol's servers use it).
    package static let invalidMessage: UInt16 = 4400

    /// A message from the server.
    package enum Incoming: Sendable, Equatable {
        case ack
        /// One execution result (`data`, `errors`, `extensions`).
        case next(id: String, payload: JSONValue)
        /// The operation was refused before it ran (validation): its errors, a list.
        case error(id: String, errors: [JSONValue])
        case complete(id: String)
        case ping(payload: JSONValue?)
        case pong
        /// Not a message of the protocol: why.
        case invalid(String)
    }

    package static func connectionInit(payload: JSONValue? = nil) -> String {
        message("connection_init", payload: payload)
    }

    /// `payload`: the GraphQL request, `{"query","variables","operationName"}` (the endpoint's body as built).
    package static func subscribe(id: String = operationID, payload: JSONValue) -> String {
        message("subscribe", id: id, payload: payload)
    }

    package static func complete(id: String = operationID) -> String { message("complete", id: id) }

    /// The answer to a server's `ping` (its payload is not echoed: the protocol leaves a pong's payload free).
    package static func pong() -> String { message("pong") }

    private static func message(_ type: String, id: String? = nil, payload: JSONValue? = nil) -> String {
        var object = JSONObject()
        object.append(key: "type", value: .string(type))
        if let id { object.append(key: "id", value: .string(id)) }
        if let payload { object.append(key: "payload", value: payload) }
        return JSONValue.object(object).serialized()
    }

    /// What the server's text message `text` is.
    package static func parse(_ text: String) -> Incoming {
        guard let value = try? JSONValue.parse(text), case .object = value else {
            return .invalid("a message that is not a JSON object")
        }
        guard let type = value["type"]?.stringValue else { return .invalid("a message without a `type`") }
        let id = value["id"]?.stringValue
        let payload = value["payload"].flatMap { $0.isNull ? nil : $0 }
        switch type {
        case "connection_ack": return .ack
        case "ping": return .ping(payload: payload)
        case "pong": return .pong
        case "next", "error", "complete":
            guard let id, !id.isEmpty else { return .invalid("a `\(type)` message without an `id`") }
            if type == "complete" { return .complete(id: id) }
            guard let payload else { return .invalid("a `\(type)` message without a `payload`") }
            if type == "next" {
                guard case .object = payload else { return .invalid("a `next` payload that is not an object") }
                return .next(id: id, payload: payload)
            }
            guard let errors = payload.arrayValue else {
                return .invalid("an `error` payload that is not a list of errors")
            }
            return .error(id: id, errors: errors)
        default:
            return .invalid("a message of type `\(type)`, which a server does not send")
        }
    }
}

extension GraphQLTransportWS {
    /// One operation's conversation, the client's side: what to answer to each server message and what it meant.
    /// `apix run` and the explorer both drive a session with it.
    package struct Conversation: Sendable {
        /// What a server message called for.
        package enum Step: Sendable, Equatable {
            /// Nothing to do or show (a `pong`, another operation's message, anything after the end).
            case none
            /// Send this text message (`subscribe` after the ack, `pong` after a `ping`).
            case send(String)
            /// A result (`next`'s payload).
            case result(JSONValue)
            /// The operation was refused (`error`): its errors. The operation is over.
            case refused([JSONValue])
            /// `complete`: the operation is over.
            case completed
            /// Not a message of the protocol (close with `invalidMessage`): why. The operation is over.
            case invalid(String)
        }

        /// The `subscribe` message's payload: `{"query","variables","operationName"}`.
        package let payload: JSONValue
        /// The `connection_init` message's payload (the endpoint's `connection_init:`); nil: none.
        package let connectionInit: JSONValue?
        package private(set) var isSubscribed = false
        /// Whether `complete`, `error` or an invalid message ended the operation.
        package private(set) var isOver = false

        package init(payload: JSONValue, connectionInit: JSONValue? = nil) {
            self.payload = payload
            self.connectionInit = connectionInit
        }

        /// The first message: `connection_init`, with the connection's parameters when the endpoint has some.
        package var opening: String { GraphQLTransportWS.connectionInit(payload: connectionInit) }

        package mutating func step(_ message: WebSocketMessage) -> Step {
            guard !isOver else { return .none }
            let incoming: Incoming
            switch message {
            case .text(let text): incoming = GraphQLTransportWS.parse(text)
            case .binary: incoming = .invalid("a binary message")
            }
            switch incoming {
            case .ack:
                guard !isSubscribed else { return .none }
                isSubscribed = true
                return .send(GraphQLTransportWS.subscribe(payload: payload))
            case .ping: return .send(GraphQLTransportWS.pong())
            case .pong: return .none
            case .next(let id, let result) where id == operationID && isSubscribed: return .result(result)
            case .error(let id, let errors) where id == operationID && isSubscribed:
                isOver = true
                return .refused(errors)
            case .complete(let id) where id == operationID && isSubscribed:
                isOver = true
                return .completed
            // Another operation's (apix runs one), or one apix has not subscribed yet: not an answer to its query.
            case .next, .error, .complete: return .none
            case .invalid(let why):
                isOver = true
                return .invalid(why)
            }
        }
    }
}
