import ExplorerCore

/// A WebSocket endpoint's session in the response pane: the send key opens it, its frames come in as the
/// exchange's events (the Events view's ring and drawing), `i` composes a message (Enter sends), `S` sends a saved
/// one by name, `w` writes the frames to a file, Esc closes with 1000, `r` reconnects.
extension AppState {
    /// Starts exchange `id` as a session of `endpoint` (the send key on a `protocol: websocket` endpoint). A
    /// session of the same endpoint still open is closed: there is one conversation per endpoint on screen.
    mutating func openWebSocket(
        _ id: Int, _ plan: ExchangePlan, endpoint: Endpoint, replacing previous: Exchange?
    ) -> [Effect] {
        guard var exchange = exchanges[id] else { return [] }
        exchange.webSocket = WebSocketSessionState(savedMessages: endpoint.webSocket?.messages ?? [])
        exchange.events = EventRows()
        exchanges[id] = exchange
        var effects: [Effect] = []
        if let previous, previous.webSocket != nil, previous.isRunning {
            effects.append(.closeWebSocket(exchange: previous.id))
        }
        effects.append(.openWebSocket(exchange: id, plan, WebSocketSettings.forEndpoint(endpoint)))
        return effects
    }

    mutating func webSocketOpened(_ id: Int, _ result: Result<WebSocketConnection.Opened, ClientError>, at time: Double)
        -> [Effect]
    {
        guard var exchange = exchanges[id], var session = exchange.webSocket else { return [] }
        switch result {
        case .success(let opened):
            session.phase = session.phase == .closing ? .closing : .open
            session.handshake = opened.response
            exchange.outcome = .response(opened.response)
            session.subprotocol = opened.agreement.subprotocol
            session.deflate = opened.agreement.deflate != nil
            if selectedKey == exchange.key {
                message = StatusMessage(
                    "connected to \(exchange.url) · i composes a message"
                        + (session.savedMessages.isEmpty ? "" : ", S sends a saved one") + ", Esc closes")
            }
        case .failure(let error):
            session.phase = .closed
            exchange.finishedAt = time
            exchange.outcome = .failure(error)
            exchange.events = nil
        }
        exchange.webSocket = session
        exchanges[id] = exchange
        return []
    }

    mutating func conversationUpdated(_ id: Int, _ rows: EventRows, file: String?) {
        exchanges[id]?.webSocket?.file = file
        showEvents(rows, of: id)
    }

    mutating func webSocketClosed(_ id: Int, _ close: WebSocketClose, at time: Double) {
        guard var exchange = exchanges[id], var session = exchange.webSocket else { return }
        guard latestExchange[exchange.key] == id else {
            exchanges[id] = nil  // a session replaced by a reconnect
            return
        }
        session.phase = .closed
        session.close = close
        session.file = nil
        exchange.webSocket = session
        exchange.finishedAt = time
        exchanges[id] = exchange
        if selectedKey == exchange.key {
            message = StatusMessage(close.summary, isError: !close.isNormal)
            if overlay.map(Self.isComposer) == true { overlay = nil }
        }
    }

    /// The response pane's WebSocket commands on a session (nil: not a session, or not one of them; the pane's
    /// usual meaning applies).
    mutating func performWebSocket(_ command: KeyCommand) -> [Effect]? {
        guard let exchange = shownExchange, let session = exchange.webSocket else {
            switch command {
            case .composeMessage, .composeMultilineMessage, .sendSavedMessage, .reconnect:
                message = StatusMessage(
                    "not a WebSocket session: i, I, S and r work on a `protocol: websocket` endpoint")
                return []
            default: return nil
            }
        }
        switch command {
        case .composeMessage:
            guard session.isOpen else { return refuseClosed(session) }
            overlay = .prompt(
                Prompt(
                    purpose: .webSocketMessage(exchange: exchange.id),
                    title: "Message (Enter sends, Esc closes the composer)", text: ""))
            return []
        case .composeMultilineMessage:
            guard session.isOpen else { return refuseClosed(session) }
            var editor = BodyEditorState(key: exchange.key, kind: .text(contentType: nil), text: "")
            editor.webSocketExchange = exchange.id
            overlay = .bodyEditor(editor)
            return []
        case .sendSavedMessage:
            guard session.isOpen else { return refuseClosed(session) }
            guard let first = session.savedMessages.first else {
                message = StatusMessage("this endpoint saves no messages (`messages:` in the profile)")
                return []
            }
            let names = session.savedMessages.map(\.name).joined(separator: ", ")
            overlay = .prompt(
                Prompt(
                    purpose: .savedMessage(exchange: exchange.id), title: "Send saved message (\(names))",
                    text: first.name))
            return []
        case .reconnect:
            return send(exchange.key, chained: false)
        case .saveBody:
            let name = exchange.key.endpoint.replacingOccurrences(of: "/", with: "_") + ".frames.jsonl"
            overlay = .prompt(
                Prompt(
                    purpose: .saveBody(exchange: exchange.id),
                    title: session.isOpen ? "Write the frames (and every later one) to" : "Write the frames to",
                    text: name))
            return []
        default:
            return nil
        }
    }

    private mutating func refuseClosed(_ session: WebSocketSessionState) -> [Effect] {
        message = StatusMessage(
            "the session is \(session.phase == .connecting ? "not open yet" : "closed"); r reconnects")
        return []
    }

    /// Esc on a session: close it with 1000 (a session still connecting is abandoned); nil when `exchange` is no
    /// running session.
    mutating func closeWebSocket(_ exchange: Exchange) -> [Effect]? {
        guard exchange.isRunning, var session = exchange.webSocket else { return nil }
        switch session.phase {
        case .connecting:
            message = StatusMessage("cancelling the session with \(exchange.url)")
            return [.cancel(exchange: exchange.id)]
        case .open:
            session.phase = .closing
            exchanges[exchange.id]?.webSocket = session
            message = StatusMessage("closing the session with \(exchange.url) (1000)")
            return [.closeWebSocket(exchange: exchange.id)]
        case .closing, .closed:
            message = StatusMessage("waiting for the server's close (5 s at most, the timeout if shorter)")
            return []
        }
    }

    /// Enter in the composer or the saved-message prompt.
    mutating func submitWebSocketPrompt(_ prompt: Prompt) -> [Effect] {
        switch prompt.purpose {
        case .webSocketMessage(let id):
            guard exchanges[id]?.webSocket?.isOpen == true else {
                overlay = nil
                message = StatusMessage("the session is closed; the message was not sent", isError: true)
                return []
            }
            guard !prompt.field.text.isEmpty else { return [] }
            // The composer stays open, empty, for the next message.
            var next = prompt
            next.field = LineEditor("")
            overlay = .prompt(next)
            return [.sendWebSocket(exchange: id, .message(.text(prompt.field.text)))]
        case .savedMessage(let id):
            overlay = nil
            guard let exchange = exchanges[id], let session = exchange.webSocket, session.isOpen else {
                message = StatusMessage("the session is closed; nothing was sent", isError: true)
                return []
            }
            let typed = prompt.field.text.trimmingCharacters(in: .whitespaces)
            let matches =
                session.savedMessages.first { $0.name == typed }.map { [$0] }
                ?? session.savedMessages.filter { $0.name.lowercased().hasPrefix(typed.lowercased()) }
            guard matches.count == 1, let saved = matches.first else {
                let names = session.savedMessages.map(\.name).joined(separator: ", ")
                message = StatusMessage(
                    (matches.isEmpty ? "no saved message `\(typed)`" : "`\(typed)` names several saved messages")
                        + " (saved: \(names))", isError: true)
                return []
            }
            switch builder(for: exchange.key) {
            case .failure(let error):
                message = StatusMessage(error.message, isError: true)
                return []
            case .success(let (builder, endpoint)):
                let maxMessage = WebSocketSettings.forEndpoint(endpoint).maxMessage
                return [.sendWebSocket(exchange: id, .saved(saved, builder, maxMessage: maxMessage))]
            }
        default:
            return []
        }
    }

    static func isComposer(_ overlay: Overlay) -> Bool {
        guard case .prompt(let prompt) = overlay else { return false }
        switch prompt.purpose {
        case .webSocketMessage, .savedMessage: return true
        default: return false
        }
    }

    /// Ctrl-S in the editor opened with `I`: the whole text, line ends included, goes as one text message and the
    /// editor closes; on a session that closed meanwhile it stays open with the text and says so (nothing typed is
    /// lost).
    mutating func sendEditedMessage(_ state: BodyEditorState, to id: Int) -> [Effect] {
        var state = state
        guard exchanges[id]?.webSocket?.isOpen == true else {
            state.error = "the session is closed: the message was not sent (Esc leaves, r in the pane reconnects)"
            overlay = .bodyEditor(state)
            return []
        }
        let text = state.editor.text
        guard !text.isEmpty else {
            state.error = "nothing to send: the message is empty"
            overlay = .bodyEditor(state)
            return []
        }
        overlay = nil
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).count
        message = StatusMessage("sent a text message of \(lines) line\(lines == 1 ? "" : "s")")
        return [.sendWebSocket(exchange: id, .message(.text(text)))]
    }
}
