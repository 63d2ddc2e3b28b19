import Testing

@testable import ExplorerCore

/// The `graphql-transport-ws` messages apix sends, and what a server's message is (docs/GRAPHQL.md).
@Suite("graphql-transport-ws messages")
struct GraphQLTransportWSTests {
    @Test("the client's messages are the protocol's JSON")
    func outgoing() throws {
        #expect(GraphQLTransportWS.connectionInit() == #"{"type":"connection_init"}"#)
        let payload = try JSONValue.parse(#"{"query":"subscription { count(to: 2) }"}"#)
        #expect(
            GraphQLTransportWS.subscribe(payload: payload)
                == #"{"type":"subscribe","id":"1","payload":{"query":"subscription { count(to: 2) }"}}"#)
        #expect(GraphQLTransportWS.complete() == #"{"type":"complete","id":"1"}"#)
        #expect(GraphQLTransportWS.pong() == #"{"type":"pong"}"#)
    }

    @Test("the server's messages are told apart")
    func incoming() throws {
        #expect(GraphQLTransportWS.parse(#"{"type":"connection_ack","payload":null}"#) == .ack)
        #expect(
            GraphQLTransportWS.parse(#"{"type":"next","id":"1","payload":{"data":{"count":1}}}"#)
                == .next(id: "1", payload: try JSONValue.parse(#"{"data":{"count":1}}"#)))
        #expect(
            GraphQLTransportWS.parse(#"{"type":"error","id":"1","payload":[{"message":"no"}]}"#)
                == .error(id: "1", errors: [try JSONValue.parse(#"{"message":"no"}"#)]))
        #expect(GraphQLTransportWS.parse(#"{"type":"complete","id":"1"}"#) == .complete(id: "1"))
        #expect(GraphQLTransportWS.parse(#"{"type":"ping"}"#) == .ping(payload: nil))
        #expect(GraphQLTransportWS.parse(#"{"type":"pong","payload":{"a":1}}"#) == .pong)
    }

    @Test(
        "what is not a message of the protocol says why",
        arguments: [
            ("not json", "not a JSON object"),
            ("[1]", "not a JSON object"),
            (#"{"id":"1"}"#, "without a `type`"),
            (#"{"type":"next","payload":{}}"#, "without an `id`"),
            (#"{"type":"next","id":"1"}"#, "without a `payload`"),
            (#"{"type":"next","id":"1","payload":[1]}"#, "not an object"),
            (#"{"type":"error","id":"1","payload":{"message":"x"}}"#, "not a list of errors"),
            (#"{"type":"subscribe","id":"1","payload":{}}"#, "a server does not send"),
        ])
    func invalid(text: String, why: String) {
        guard case .invalid(let reason) = GraphQLTransportWS.parse(text) else {
            Issue.record("\(text) was taken as a message")
            return
        }
        #expect(reason.contains(why), "\(reason)")
    }

    @Test("a conversation subscribes once after the ack, answers pings, and is over after complete")
    func conversation() throws {
        let payload = try JSONValue.parse(#"{"query":"subscription { count(to: 2) }"}"#)
        var conversation = GraphQLTransportWS.Conversation(payload: payload)
        #expect(conversation.opening == #"{"type":"connection_init"}"#)
        #expect(
            conversation.step(.text(#"{"type":"connection_ack"}"#))
                == .send(GraphQLTransportWS.subscribe(payload: payload)))
        #expect(conversation.isSubscribed)
        #expect(conversation.step(.text(#"{"type":"connection_ack"}"#)) == .none)
        #expect(conversation.step(.text(#"{"type":"ping"}"#)) == .send(#"{"type":"pong"}"#))
        let result = try JSONValue.parse(#"{"data":{"count":1}}"#)
        #expect(
            conversation.step(.text(#"{"type":"next","id":"1","payload":{"data":{"count":1}}}"#)) == .result(result))
        #expect(conversation.step(.text(#"{"type":"next","id":"2","payload":{"data":{}}}"#)) == .none)
        #expect(conversation.step(.binary([1])) == .invalid("a binary message"))
        #expect(conversation.isOver)
        #expect(conversation.step(.text(#"{"type":"complete","id":"1"}"#)) == .none)
    }

    @Test("a result, error or complete for the operation before apix subscribed is not its answer (fuzzed)")
    func beforeSubscribing() {
        let payload = JSONValue.object(JSONObject())
        var conversation = GraphQLTransportWS.Conversation(payload: payload)
        #expect(conversation.step(.text(#"{"type":"next","id":"1","payload":{"data":{}}}"#)) == .none)
        #expect(conversation.step(.text(#"{"type":"error","id":"1","payload":[]}"#)) == .none)
        #expect(conversation.step(.text(#"{"type":"complete","id":"1"}"#)) == .none)
        #expect(!conversation.isOver)
        #expect(
            conversation.step(.text(#"{"type":"connection_ack"}"#))
                == .send(GraphQLTransportWS.subscribe(payload: payload)))
    }
}
