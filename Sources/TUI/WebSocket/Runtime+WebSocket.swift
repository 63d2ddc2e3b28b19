import ExplorerCore
import ExplorerHistory
import Foundation
import Synchronization

/// The runtime's WebSocket sessions: opening one as planned, reading its events into its transcript (posted as the
/// Events view's rows, at most every tick), sending, closing, and writing its frames to a file.
extension Runtime {
    /// Closed sessions whose frames stay at hand (for `w`), newest kept.
    nonisolated static let keptClosedSessions = 8

    func performWebSocket(_ effect: Effect) {
        switch effect {
        case .openWebSocket(let id, let plan, let settings):
            openWebSocket(id, plan, settings: settings)
        case .sendWebSocket(let id, let outgoing):
            guard let run = webSockets[id] else { return }
            let inbox = self.inbox
            Task.detached {
                let message: WebSocketMessage
                switch outgoing {
                case .message(let built): message = built
                case .saved(let saved, let builder, let maxMessage):
                    do {
                        message = try builder.webSocketMessage(saved, maxMessage: maxMessage)
                    } catch {
                        inbox.post(.webSocketNoted((error as? RequestBuildError)?.message ?? "\(error)", isError: true))
                        return
                    }
                }
                guard let live = run.live.withLock({ $0 }) else { return }
                live.transcript.sent(message)
                await live.connection.send(message)
            }
        case .closeWebSocket(let id):
            webSockets[id]?.close()
        case .writeConversation(let id, let path):
            guard let transcript = webSockets[id]?.transcript else {
                inbox.post(.webSocketNoted("no frames kept for this session", isError: true))
                return
            }
            let inbox = self.inbox
            let resolved = (path as NSString).expandingTildeInPath
            Task.detached {
                do {
                    let dropped = try transcript.startWriting(to: resolved)
                    let open = transcript.snapshot().close == nil
                    var note = "frames written to \(resolved)"
                    if dropped > 0 { note += " (the first \(dropped) were no longer kept)" }
                    if open { note += "; later frames follow until the session closes" }
                    inbox.post(.webSocketNoted(note, isError: false))
                } catch {
                    inbox.post(
                        .webSocketNoted("cannot write \(resolved): \(error.localizedDescription)", isError: true))
                }
            }
        default:
            break
        }
    }

    /// Opens session `id`, then reads its events until it closes; a cancel before it opened abandons it.
    private func openWebSocket(_ id: Int, _ plan: ExchangePlan, settings: WebSocketSettings) {
        let inbox = self.inbox
        let clock = self.clock
        let log = self.log
        let auth = self.auth
        let recorder = history.flatMap { $0.records(plan.profile) ? $0 : nil }
        let run = WebSocketRun()
        dropOldSessions()
        webSockets[id] = run
        Task.detached {
            // The Request tab: the upgrade request as the plan builds it while it opens, then as it was written.
            let planned = Task.detached {
                let shown = await ShownRequest.make(plan, sent: plan.request.request, auth: auth)
                inbox.post(.requestShown(exchange: id, shown))
                return shown
            }
            let opened = await plan.openWebSocket(settings: settings)
            if case .success(let open) = opened {
                let head = open.opened.requestHead
                inbox.post(.requestShown(exchange: id, await planned.value.upgrade(head: head)))
            }
            let connection: WebSocketConnection
            switch opened {
            case .failure(let error):
                let failure = error.clientError
                log.write("websocket \(plan.webSocketURL): \(error.message)")
                inbox.post(.webSocketOpened(exchange: id, .failure(failure), at: clock().uptime))
                Self.record(plan, .failure(failure), transcript: nil, recorder: recorder, auth: auth, log: log)
                return
            case .success(let open):
                connection = open
            }
            // The transcript's clock starts at the open, so frame times are "since open".
            let transcript = WebSocketTranscript(handshake: connection.opened.metrics.total)
            let abandoned = run.live.withLock { live in
                live = WebSocketRun.Live(connection: connection, transcript: transcript)
                return run.abandoned.withLock { $0 }
            }
            inbox.post(.webSocketOpened(exchange: id, .success(connection.opened), at: clock().uptime))
            if abandoned { connection.close() }
            let watcher = Self.watchTranscript(transcript, exchange: id, inbox: inbox)
            var close = WebSocketClose(code: WebSocketCloseCode.abnormal, reason: "", initiator: .connection)
            // A `graphql:` body: the operation over graphql-transport-ws, its messages shown as any frames.
            var graphQL = plan.graphQLConversation
            if let opening = graphQL?.opening {
                await Self.send(opening, connection, transcript, shown: plan.shownGraphQLOpening)
            }
            while let event = await connection.next() {
                transcript.received(event)
                if case .closed(let ended) = event { close = ended }
                guard case .message(let message) = event, let step = graphQL?.step(message) else { continue }
                let pending = graphQL.map { $0.isSubscribed && !$0.isOver } ?? false
                run.operationPending.withLock { $0 = pending }
                switch step {
                case .send(let text): await Self.send(text, connection, transcript)
                case .completed, .refused: connection.close()
                case .invalid: connection.close(code: GraphQLTransportWS.invalidMessage, reason: "Invalid message")
                case .none, .result: break
                }
            }
            watcher.cancel()
            await watcher.value
            Self.record(
                plan, .success(connection.opened), transcript: transcript, recorder: recorder, auth: auth, log: log)
            inbox.post(.webSocketClosed(exchange: id, close, at: clock().uptime))
        }
    }

    /// Records a session (or one that did not open) on the recorder's writer thread, the credential at hand kept
    /// out as for any exchange; a failure goes to the log.
    nonisolated private static func record(
        _ plan: ExchangePlan, _ opened: Result<WebSocketConnection.Opened, ClientError>,
        transcript: WebSocketTranscript?, recorder: HistoryRecorder?, auth: (any AuthProvider)?, log: LogFile
    ) {
        guard let recorder else { return }
        Task.detached {
            let bare = PreparedRequest(url: "http://apix.invalid/")
            let credentials = await auth?.currentCredentials(on: bare, auth: plan.auth, key: plan.authKey)
            recorder.recordLater(bytes: 0) {
                HistoryRecording.entry(
                    forSession: plan, origin: .explorer, opened: opened, transcript: transcript, token: nil,
                    credentials: credentials)
            } onFailure: { warning in
                log.write("history: \(warning)")
            }
        }
    }

    /// Sends `text`; the conversation shows `shown` instead when given (a message that carries a secret, masked).
    nonisolated private static func send(
        _ text: String, _ connection: WebSocketConnection, _ transcript: WebSocketTranscript, shown: String? = nil
    ) async {
        transcript.sent(.text(shown ?? text))
        await connection.send(.text(text))
    }

    /// Forgets the transcripts of old closed sessions, keeping the newest few.
    private func dropOldSessions() {
        let closed = webSockets.filter { $0.value.transcript?.snapshot().close != nil }.keys.sorted()
        for id in closed.dropLast(Self.keptClosedSessions - 1) { webSockets[id] = nil }
    }

    /// Posts the session's frames (`.conversationUpdated`) whenever they changed, formatted off the main actor,
    /// until cancelled; then once more, so the last frames and the close are shown.
    nonisolated static func watchTranscript(_ transcript: WebSocketTranscript, exchange id: Int, inbox: Inbox)
        -> Task<Void, Never>
    {
        Task.detached {
            var rows = EventRows()
            var seen = -1
            func post() {
                let snapshot = transcript.snapshot()
                // The rate moves with time even when nothing arrives.
                rows = rows.updated(with: snapshot)
                if snapshot.version == seen, snapshot.close != nil { return }
                seen = snapshot.version
                inbox.post(.conversationUpdated(exchange: id, rows, file: snapshot.file))
            }
            while !Task.isCancelled {
                post()
                try? await Task.sleep(for: Self.eventPollInterval)
            }
            post()
        }
    }

    /// Closes every open session (1001, going away) when apix quits, and waits briefly for their ends.
    func closeWebSockets() async {
        let open = webSockets.values.compactMap(\.connection)
        for connection in open { connection.close(code: WebSocketCloseCode.goingAway) }
        guard !open.isEmpty else { return }
        try? await Task.sleep(for: .milliseconds(200))
    }
}
