import ExplorerCore
import Foundation
import Synchronization

/// A WebSocket endpoint run to a defined end, without a terminal, for `apix test` (and for an endpoint sent first
/// because another uses its values): the answer its `expect:` is checked on (docs/WEBSOCKET.md "apix test").
///
/// - A `graphql:` body: the operation over `graphql-transport-ws`, as `apix run` runs it (`GraphQLWebSocketRun`),
///   until `complete`, `error`, or `maxEvents` results (then `complete` and a normal close). Its events are its
///   results (`next`), not the protocol's other messages.
/// - Any other: the endpoint's saved `messages:` are sent in order, then the server's messages are its events
///   until the server closes, or `maxEvents` came (then apix closes with 1000).
///
/// Either way the session may last the exchange's `timeout` (`--timeout`, the endpoint's or profile's `timeout:`),
/// else `defaultLimit`; past it apix closes and the exchange fails as a timeout: a session that never ends has no
/// answer to check. The answer is the `101` (status, headers, the handshake's timing), its body the last event
/// (a result's `{"data":…}`, a message's bytes; `{"errors":[…]}` when the server refused the operation, which the
/// GraphQL errors check fails), its `stream` the events' timing (`StreamMetrics`), for `expect: stream`.
struct WebSocketTestSession {
    /// How long a session may last when no `timeout` says.
    static let defaultLimit: Duration = .seconds(30)

    let exchange: ExchangePlan
    /// The saved messages sent once open (built from `messages:`); none for a GraphQL operation.
    let messages: [WebSocketMessage]
    /// Stop after this many events (`apix test --max-events`), as a success.
    let maxEvents: Int?

    /// What the session came to: the answer (or why there is none), and what the history records of it.
    struct Outcome {
        var result: Result<Response, ClientError>
        var opened: Result<WebSocketConnection.Opened, ClientError>
        var transcript: WebSocketTranscript?
    }

    /// How the session ended, apart from the close.
    private enum Ending {
        /// The server closed (or the connection ended) before anything else did.
        case closed
        /// `maxEvents` came, or the operation completed: apix closed.
        case done
        case refused([JSONValue])
        case violation(String)
    }

    func run() async -> Outcome {
        let connection: WebSocketConnection
        switch await exchange.openWebSocket() {
        case .success(let opened): connection = opened
        case .failure(let error):
            let failure = error.clientError
            return Outcome(result: .failure(failure), opened: .failure(failure), transcript: nil)
        }
        let opened = connection.opened
        let transcript = WebSocketTranscript(handshake: opened.metrics.total)
        var meter = StreamMeter(openedAt: transcript.openedAt, handshake: opened.metrics.total)
        let limit = exchange.request.request.options.timeout ?? Self.defaultLimit
        let deadline = Deadline()
        let timer = Task {
            guard limit > .zero, (try? await Task.sleep(for: limit)) != nil, deadline.expire() else { return }
            connection.close()
        }
        defer { timer.cancel() }
        var last: Data?
        var close = WebSocketClose(code: WebSocketCloseCode.abnormal, reason: "", initiator: .connection)
        var ending = Ending.closed
        var conversation = exchange.graphQLConversation
        if let opening = conversation?.opening {
            if let chosen = opened.agreement.subprotocol, chosen != GraphQLTransportWS.subprotocol {
                ending = .violation(
                    "the server chose subprotocol \(SafeText.escape(chosen)); a `graphql:` body is run with "
                        + GraphQLTransportWS.subprotocol)
                connection.close()
            } else {
                await Self.send(.text(opening), connection, transcript, shown: exchange.shownGraphQLOpening)
            }
        } else {
            for message in messages { await Self.send(message, connection, transcript) }
        }
        while let event = await connection.next() {
            transcript.received(event)
            guard case .message(let message) = event else {
                if case .closed(let ended) = event { close = ended }
                continue
            }
            // Once it ended (or timed out), what else comes before the close is not an event.
            guard case .closed = ending, !deadline.hasExpired else { continue }
            guard conversation != nil else {
                meter.record()
                last = Self.bytes(of: message)
                if let maxEvents, meter.count >= maxEvents {
                    ending = .done
                    connection.close()
                }
                continue
            }
            switch conversation?.step(message) ?? .none {
            case .none: break
            case .send(let text): await Self.send(.text(text), connection, transcript)
            case .result(let result):
                meter.record()
                last = Data(result.serialized().utf8)
                if let maxEvents, meter.count >= maxEvents {
                    ending = .done
                    await Self.send(.text(GraphQLTransportWS.complete()), connection, transcript)
                    connection.close()
                }
            case .refused(let errors):
                ending = .refused(errors)
                connection.close()
            case .completed:
                ending = .done
                connection.close()
            case .invalid(let why):
                ending = .violation("the server broke graphql-transport-ws: \(SafeText.escape(why))")
                connection.close(code: GraphQLTransportWS.invalidMessage, reason: "Invalid message")
            }
        }
        // Decided once: a timer firing after the session ended does not make it a timeout.
        let timedOut = deadline.finish()
        let outcome = { (result: Result<Response, ClientError>) in
            Outcome(result: result, opened: .success(opened), transcript: transcript)
        }
        func failure(_ kind: TransportError.Kind, _ message: String) -> Outcome {
            outcome(.failure(ClientError(.transport(TransportError(kind, message, metrics: opened.metrics)))))
        }
        if timedOut {
            return failure(
                .timeout(.total),
                "the session did not end within \(Units.duration(limit)) (the server did not close it"
                    + (maxEvents.map { " and \(Units.count($0, "event")) did not come" } ?? "")
                    + "): give --max-events or a longer timeout")
        }
        switch ending {
        case .violation(let why): return failure(.badResponse, why)
        case .refused(let errors):
            var document = JSONObject()
            document.append(key: "errors", value: .array(errors))
            last = Data(JSONValue.object(document).serialized().utf8)
        case .closed where conversation != nil && close.isNormal:
            return failure(.badResponse, "the session closed before the operation completed")
        case .closed, .done: break
        }
        guard close.isNormal else {
            return failure(close.initiator == .connection ? .connectionLost : .badResponse, close.summary)
        }
        return outcome(.success(Self.answer(opened, body: last, stream: meter.metrics())))
    }

    /// The session as an exchange's answer: the `101`, the last event as its body, the events' timing.
    static func answer(_ opened: WebSocketConnection.Opened, body: Data?, stream: StreamMetrics) -> Response {
        var response = opened.response
        if let body { response.body = ResponseBody(data: body) }
        response.stream = stream
        return response
    }

    private static func bytes(of message: WebSocketMessage) -> Data {
        switch message {
        case .text(let text): Data(text.utf8)
        case .binary(let bytes): Data(bytes)
        }
    }

    /// Sends `message`; the transcript keeps `shown` instead when given (a message that carries a secret, masked).
    private static func send(
        _ message: WebSocketMessage, _ connection: WebSocketConnection, _ transcript: WebSocketTranscript,
        shown: String? = nil
    ) async {
        transcript.sent(shown.map { .text($0) } ?? message)
        await connection.send(message)
    }
}

/// Whether the session's time ran out, shared by the timer's task and the session's loop: it expires only while the
/// session runs, so a session that ended as the timer fired is not called a timeout.
private final class Deadline: Sendable {
    private enum State { case running, expired, finished }

    private let state = Mutex(State.running)

    var hasExpired: Bool { state.withLock { $0 == .expired } }

    /// The time ran out; false when the session had already ended (then nothing is to be closed).
    func expire() -> Bool {
        state.withLock {
            guard $0 == .running else { return false }
            $0 = .expired
            return true
        }
    }

    /// The session ended; returns whether its time had run out first.
    func finish() -> Bool {
        state.withLock {
            if $0 == .expired { return true }
            $0 = .finished
            return false
        }
    }
}
