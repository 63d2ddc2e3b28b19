import ArgumentParser
import ExplorerCore
import ExplorerHistory
import Foundation
import Synchronization

/// `apix run` on a `protocol: websocket` endpoint with a `graphql:` body: the operation over the
/// `graphql-transport-ws` protocol (docs/GRAPHQL.md). The session is the endpoint's (the handshake built by the one
/// send pipeline, `ExchangePlan.openWebSocket`), the `subscribe` payload is the body that pipeline built; each
/// `next` is printed as it arrives, as a stream's events are (`StreamEventPrinter`), then `complete`.
///
/// The endpoint's `expect:` is checked once the operation ended, on the `101`, the last result as the body and the
/// results' timing as the stream (`expect: { stream: … }`; `WebSocketTestSession.answer`, as `apix test` checks it).
///
/// Exit statuses: 0 after `complete` (or `--max-events`), 1 when the server refused the operation (`error`, its
/// errors printed) or a check of `expect:` failed, 8 when the server broke the protocol (apix closed with 4400, or
/// it chose another subprotocol), 9 when the server closed before `complete`, 130 after Ctrl-C (a `complete`, then
/// a close with 1000), and the statuses of `apix ws` when the session did not open or broke (`WebSocketExit`).
struct GraphQLWebSocketRun {
    let exchange: ExchangePlan
    let printer: StreamEventPrinter
    let maxEvents: Int?
    let history: HistoryLog?
    /// The endpoint's part in chains: its `expect:` checked once the operation ended (`expect: stream` on its
    /// results' timing).
    let chain: RunChain
    /// `--json`: the results' timing and the checks go to stderr as one JSON object, as for a stream over HTTP.
    let json: Bool

    /// How the operation ended, apart from the close.
    private enum Outcome {
        /// No `complete` or `error` came before the close.
        case unfinished
        case completed
        /// `--max-events` results came: apix stopped the subscription.
        case stopped
        case refused
        case violation
    }

    func run() async throws {
        var conversation = try makeConversation()
        let connection: WebSocketConnection
        switch await exchange.openWebSocket() {
        case .success(let opened): connection = opened
        case .failure(let error):
            StandardError.writeLine("apix: \(SafeText.escape(error.message))")
            let failure = error.clientError
            await record(.failure(failure), transcript: nil)
            throw ExitCode(WebSocketExit.status(for: error))
        }
        let opened = connection.opened
        StandardError.writeLine(WebSocketExit.connectedLine(exchange.webSocketURL, opened))
        let transcript = WebSocketTranscript(handshake: connection.opened.metrics.total)
        var meter = StreamMeter(openedAt: transcript.openedAt, handshake: opened.metrics.total)
        var last: JSONValue?
        let state = SessionState()
        // Ctrl-C stops the subscription the protocol's way (`complete`), then closes normally: the user ending a
        // subscription is its purpose fulfilled, not a client going away. A second signal ends apix at once.
        let signals = SignalCancellation {
            guard state.interrupt() == 1 else {
                StandardError.writeLine("apix: interrupted again: not waiting for the server's close")
                Foundation.exit(WebSocketExit.interrupted)
            }
            Task { await Self.stop(connection, transcript: transcript, subscribed: state.isSubscribed) }
        }
        defer { signals.stop() }
        var outcome = Outcome.unfinished
        if let chosen = opened.agreement.subprotocol, chosen != GraphQLTransportWS.subprotocol {
            StandardError.writeLine(
                "apix: the server chose subprotocol \(SafeText.escape(chosen)); a `graphql:` body is run with "
                    + GraphQLTransportWS.subprotocol)
            outcome = .violation
            connection.close()
        } else {
            await Self.send(conversation.opening, connection, transcript, shown: exchange.shownGraphQLOpening)
        }
        var results = 0
        var close = WebSocketClose(code: WebSocketCloseCode.abnormal, reason: "", initiator: .connection)
        while let event = await connection.next() {
            transcript.received(event)
            guard case .message(let message) = event else {
                if case .closed(let ended) = event { close = ended }
                continue
            }
            // Once the operation is over (or was stopped), what else comes before the close is not shown.
            guard outcome == .unfinished, !state.isInterrupted else { continue }
            switch conversation.step(message) {
            case .none:
                break
            case .send(let text):
                if conversation.isSubscribed { state.subscribed() }
                await Self.send(text, connection, transcript)
            case .result(let result):
                meter.record()
                last = result
                results += 1
                print(type: "next", data: result.serialized(), number: results)
                if let maxEvents, results >= maxEvents {
                    outcome = .stopped
                    await Self.stop(connection, transcript: transcript, subscribed: true)
                }
            case .refused(let errors):
                var document = JSONObject()
                document.append(key: "errors", value: .array(errors))
                last = .object(document)
                print(type: "error", data: JSONValue.array(errors).serialized(), number: results + 1)
                outcome = .refused
                connection.close()
            case .completed:
                print(type: "complete", data: "", number: results + 1)
                outcome = .completed
                connection.close()
            case .invalid(let why):
                StandardError.writeLine("apix: the server broke graphql-transport-ws: \(SafeText.escape(why))")
                outcome = .violation
                connection.close(code: GraphQLTransportWS.invalidMessage, reason: "Invalid message")
            }
        }
        if let problem = printer.fileFailure { StandardError.writeLine("apix: warning: \(problem)") }
        let interrupted = state.isInterrupted
        if let summary = Self.summary(outcome, results: results) { StandardError.writeLine("apix: " + summary) }
        StandardError.writeLine("apix: \(interrupted ? "interrupted, " : "")\(WebSocketExit.describe(close))")
        let checked = check(opened, last: last, stream: meter.metrics())
        await record(.success(opened), transcript: transcript)
        let status = Self.status(outcome, close: close, interrupted: interrupted)
        if status != 0 { throw ExitCode(status) }
        if !checked { throw ExitCode(1) }
    }

    /// The endpoint's `expect:` on the operation's answer (`WebSocketTestSession.answer`: the `101`, the last result,
    /// the results' timing), failed checks on stderr; with `--json` the timing and the checks as one JSON object
    /// there. Returns whether every check passed.
    private func check(_ opened: WebSocketConnection.Opened, last: JSONValue?, stream: StreamMetrics) -> Bool {
        let answer = WebSocketTestSession.answer(
            opened, body: last.map { Data($0.serialized().utf8) }, stream: stream)
        let step = chain.conclude(.success(answer))
        if json {
            var members = JSONObject()
            members.append(key: "stream", value: stream.jsonObject)
            if let checks = step?.checks, !checks.isEmpty {
                members.append(key: "checks", value: TestReport.checksJSON(checks))
            }
            StandardError.writeLine(JSONValue.object(members).serialized())
        }
        guard let step else { return true }
        RunChain.report(step, json: json)
        return step.checks.allSatisfy(\.passed)
    }

    /// `3 results, then complete`: what came of the operation, on stderr before how the session closed.
    private static func summary(_ outcome: Outcome, results: Int) -> String? {
        let counted = results == 1 ? "1 result" : "\(results) results"
        switch outcome {
        case .completed: return counted + ", then complete"
        case .stopped: return counted + ": stopped (--max-events)"
        case .refused: return "the server refused the operation (error)"
        case .unfinished: return results > 0 ? counted : nil
        case .violation: return nil
        }
    }

    private static func status(_ outcome: Outcome, close: WebSocketClose, interrupted: Bool) -> Int32 {
        if interrupted { return WebSocketExit.interrupted }
        switch outcome {
        case .refused: return 1
        case .violation: return WebSocketExit.protocolViolation
        case .completed, .stopped: return WebSocketExit.status(for: close)
        case .unfinished:
            if !close.isNormal { return WebSocketExit.status(for: close) }
            StandardError.writeLine("apix: the session closed before the operation completed")
            return WebSocketExit.serverClosedAbnormally
        }
    }

    /// The operation's conversation: the `subscribe` payload the body the pipeline built
    /// (`{"query","variables","operationName"}`), the `connection_init` payload the endpoint's `connection_init:`.
    private func makeConversation() throws -> GraphQLTransportWS.Conversation {
        guard let conversation = exchange.graphQLConversation else {
            throw CLIFailure(
                .profile,
                "endpoint `\(exchange.endpoint?.id ?? "")`: the `subscribe` message's payload must be a JSON "
                    + "object (the `graphql:` body, or a `-d` of JSON)")
        }
        return conversation
    }

    private func print(type: String, data: String, number: Int) {
        printer.print(StreamEvent(number: number, time: Date(), type: type, data: data))
    }

    private func record(_ opened: Result<WebSocketConnection.Opened, ClientError>, transcript: WebSocketTranscript?)
        async
    {
        guard let history else { return }
        history.record(
            HistoryRecording.entry(
                forSession: exchange, origin: .run, opened: opened, transcript: transcript,
                token: await exchange.token()))
    }

    /// Sends `text`; the transcript keeps `shown` instead when given (a message that carries a secret, masked).
    private static func send(
        _ text: String, _ connection: WebSocketConnection, _ transcript: WebSocketTranscript, shown: String? = nil
    ) async {
        transcript.sent(.text(shown ?? text))
        await connection.send(.text(text))
    }

    /// Stops the operation (`complete`, when it was subscribed) and closes the session normally.
    private static func stop(_ connection: WebSocketConnection, transcript: WebSocketTranscript, subscribed: Bool)
        async
    {
        if subscribed { await send(GraphQLTransportWS.complete(), connection, transcript) }
        connection.close()
    }
}

/// What the signal handler and the session share: whether the operation was subscribed, and how many signals came.
private final class SessionState: Sendable {
    private let state = Mutex<(subscribed: Bool, interrupts: Int)>((false, 0))

    var isSubscribed: Bool { state.withLock { $0.subscribed } }
    var isInterrupted: Bool { state.withLock { $0.interrupts > 0 } }

    func subscribed() { state.withLock { $0.subscribed = true } }

    /// Counts a signal; how many have come.
    func interrupt() -> Int {
        state.withLock {
            $0.interrupts += 1
            return $0.interrupts
        }
    }
}
