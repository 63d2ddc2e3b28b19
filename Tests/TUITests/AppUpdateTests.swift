import Foundation
import Testing

@testable import ExplorerCore
@testable import TUI

@Suite("AppState.update: every action, without a terminal")
struct AppUpdateTests {
    @Test("the demo profile opens with its endpoints listed and the first endpoint selected")
    func startsOnDemoProfile() {
        let state = Fixtures.demoState()
        #expect(state.selectedKey == EndpointKey(profile: "demo", endpoint: "todos.list"))
        #expect(state.rows.count > 18)
    }

    @Test("arrow keys, j/k, Home and End move the selection and keep it in view")
    func listNavigation() {
        var state = Fixtures.smallState(height: 16)
        #expect(state.selectedKey?.endpoint == "health")
        _ = state.press(.down)
        #expect(state.selectedListRow == .folder(profile: 0, name: "Items"))
        _ = state.press(.character("j"), .character("j"))
        #expect(state.selectedKey?.endpoint == "items.get")
        _ = state.press(.character("k"))
        #expect(state.selectedKey?.endpoint == "items.list")
        _ = state.press(.end)
        #expect(state.selectedKey?.endpoint == "items.create")
        _ = state.press(.home)
        #expect(state.selectedListRow == .profile(0))
    }

    @Test("collapsing a folder hides its endpoints and expanding shows them again")
    func collapseAndExpand() {
        var state = Fixtures.smallState()
        state.moveSelection(to: 2)  // the Items folder
        let before = state.rows.count
        _ = state.press(.left)
        #expect(state.rows.count == before - 3)
        _ = state.press(.right)
        #expect(state.rows.count == before)
    }

    @Test("/ filters as you type; Esc clears the filter")
    func filtering() {
        var state = Fixtures.demoState()
        _ = state.press(.character("/"))
        #expect(state.isFiltering)
        state.type("upload")
        let endpoints = state.rows.compactMap { row -> String? in
            if case .endpoint(let p, let i) = row { return state.profiles[p].endpoints[i].id }
            return nil
        }
        #expect(endpoints == ["upload"])
        #expect(state.selectedKey?.endpoint == "upload")
        _ = state.press(.enter)
        #expect(!state.isFiltering && state.filter.text == "upload")
        _ = state.press(.escape)
        #expect(state.filter.text.isEmpty)
        #expect(state.rows.count > 18)
    }

    @Test("Enter sends the selected endpoint with the session's variables and marks it running")
    func sending() throws {
        var state = Fixtures.demoState()
        state.select("todos.get")
        let effects = state.press(.enter)
        let effect = try #require(effects.first)
        guard case .send(let id, let exchange, _) = effect else {
            Issue.record("expected a send, got \(effects.names)")
            return
        }
        let request = exchange.request.request
        let auth = exchange.authKey
        #expect(request.url == "http://127.0.0.1:8080/todos/1")
        #expect(request.headers["X-Trace"] == "demo")
        #expect(auth == ProfileEnvironmentKey(profile: "demo", environment: "local"))
        #expect(state.exchanges[id]?.isRunning == true)
        #expect(state.runningExchanges.map(\.key) == [EndpointKey(profile: "demo", endpoint: "todos.get")])
        #expect(effects.names.contains("watchToken"))
        // Ctrl-R sends too, as a second transfer.
        let again = state.press(.control("r"))
        #expect(again.names.first == "send")
        #expect(state.runningExchanges.count == 2)
    }

    @Test("a request that cannot be built shows its error instead of sending")
    func buildErrorShown() {
        var state = Fixtures.demoState()
        state.select("todos.delete")  // its {id} has no value
        let effects = state.press(.enter)
        // Nothing is sent; the demo profile's OAuth2 token is followed from the first action on, and the values its
        // Chain folder captured are read once.
        #expect(effects.names == ["watchToken", "loadCaptures"])
        #expect(state.message?.isError == true)
        #expect(state.message?.text.contains("{id}") == true)
    }

    @Test("progress events update the figures; the result replaces them and asks for the body to be indexed")
    func progressAndResult() throws {
        var state = Fixtures.smallState()
        state.select("items.get")
        _ = state.press(.enter)
        let id = try #require(state.shownExchange?.id)
        _ = state.update(.progressUpdated(exchange: id, TransferProgress(received: 500, receiveTotal: 1000), at: 101))
        _ = state.update(.progressUpdated(exchange: id, TransferProgress(received: 900, receiveTotal: 1000), at: 102))
        #expect(state.shownExchange?.progress.received == 900)
        #expect(state.shownExchange?.downloadRate.bytesPerSecond == 400)
        let response = Fixtures.jsonResponse(#"{"id": 7}"#)
        let effects = state.update(.exchangeFinished(exchange: id, .success(response), at: 103))
        #expect(effects.names == ["prepareBody"])
        #expect(state.shownExchange?.isRunning == false)
        #expect(state.shownExchange?.response?.statusCode == 200)
        #expect(state.runningExchanges.isEmpty)

        let document = BodyDocument.make(bytes: Data(#"{"id": 7}"#.utf8), contentType: "application/json")
        _ = state.update(.bodyPrepared(exchange: id, document))
        #expect(state.shownExchange?.document?.kind == .json)
        #expect(state.responseLineCount() == 3)
    }

    @Test("Esc or Ctrl-C while the shown request runs cancels it; a failure is shown as no response")
    func cancelling() throws {
        var state = Fixtures.smallState()
        state.select("items.get")
        _ = state.press(.enter)
        let id = try #require(state.shownExchange?.id)
        #expect(state.press(.escape).names == ["cancel"])
        #expect(state.press(.control("c")).names == ["cancel"])
        #expect(!state.shouldQuit)
        let cancelled = ClientError.transport(TransportError(.cancelled, "cancelled"))
        _ = state.update(.exchangeFinished(exchange: id, .failure(cancelled), at: 101))
        #expect(state.shownExchange?.failure?.isCancelled == true)
        // Nothing runs now: Ctrl-C quits.
        #expect(state.press(.control("c")).names == ["quit"])
        #expect(state.shouldQuit)
    }

    @Test("editing a path param and adding a header change the request that is sent")
    func editingRows() throws {
        var state = Fixtures.demoState()
        state.select("todos.get")
        _ = state.press(.tab)  // focus the editor, Params tab, row 0 (id)
        #expect(state.focus == .editor)
        _ = state.press(.enter)
        #expect(state.fieldEdit?.part == .value)
        _ = state.press(.control("u"))
        state.type("42")
        _ = state.press(.enter)
        #expect(state.fieldEdit == nil)
        _ = state.press(.character("3"), .character("+"))  // Headers tab, new row: name, then value
        state.type("X-Demo")
        _ = state.press(.enter)
        #expect(state.fieldEdit?.part == .value)
        state.type("héllo 世界")
        _ = state.press(.enter)
        let key = try #require(state.selectedKey)
        let request = try state.prepare(key).get().request
        #expect(request.url == "http://127.0.0.1:8080/todos/42")
        #expect(request.headers["X-Demo"] == "héllo 世界")
        #expect(request.headers["X-Trace"] == "demo")
        // Space disables the row; d deletes it.
        _ = state.press(.character(" "))
        #expect(try state.prepare(key).get().request.headers["X-Demo"] == nil)
        _ = state.press(.character("d"))
        #expect(state.draft(for: key)?.headers.count == 1)
    }

    @Test("a name being typed widens its column: a new header's whole name shows while typed, not its last 8 letters")
    func typedNameWidensColumn() {
        var state = Fixtures.smallState(width: 120)
        state.select("items.get")
        _ = state.press(.tab, .character("3"), .character("+"))
        state.type("Authorization")
        let text = Screen.render(state, theme: .monochrome).text
        #expect(text.contains("[x] Authorization"), "\(text)")
    }

    @Test("Esc on a new row's name asks (something was typed), and y drops the row")
    func cancelNewRow() {
        var state = Fixtures.smallState()
        state.select("items.get")
        _ = state.press(.tab, .character("2"), .character("+"))
        state.type("x")
        _ = state.press(.escape)
        #expect(state.fieldEdit?.asksDiscard == true)
        _ = state.press(.character("y"))
        #expect(state.fieldEdit == nil)
        #expect(state.draft(for: state.selectedKey!)?.query.isEmpty == true)
    }

    @Test("the body editor keeps valid JSON and reports invalid JSON with line and column, losing nothing")
    func bodyEditing() throws {
        var state = Fixtures.smallState()
        state.select("items.create")
        _ = state.press(.tab, .character("4"))
        let effects = state.press(.enter)
        guard case .editBody(let key, let text)? = effects.first else {
            Issue.record("expected editBody, got \(effects.names)")
            return
        }
        #expect(text.contains("\"name\": \"pen\""))
        _ = state.update(.externalEditorFinished(key, text: "{\n  \"name\": \"ink\",\n}", error: nil))
        guard case .bodyEditor(let editor)? = state.overlay else {
            Issue.record("invalid JSON should reopen the built-in editor")
            return
        }
        #expect(editor.error?.contains("line 3") == true)
        #expect(editor.editor.text == "{\n  \"name\": \"ink\",\n}")
        // Fix it in the built-in editor: remove the trailing comma on line 2, then keep.
        _ = state.press(.down, .end, .backspace, .control("s"))
        #expect(state.overlay == nil)
        let request = try state.prepare(key).get().request
        guard case .bytes(let data, _) = request.body else {
            Issue.record("expected a JSON body")
            return
        }
        #expect(String(decoding: data, as: UTF8.self) == "{\n  \"name\": \"ink\"\n}")
    }

    @Test("e switches the environment; the request goes to the new base URL")
    func environments() throws {
        var state = Fixtures.smallState()
        state.select("health")
        _ = state.press(.character("e"))
        #expect(state.overlay == .environments(selected: 0))
        let effects = state.press(.down, .enter)
        #expect(state.overlay == nil)
        #expect(state.environmentName(for: state.profiles[0]) == "prod")
        #expect(effects.names == ["watchToken"])
        #expect(try state.prepare(state.selectedKey!).get().request.url == "https://shop.example/health")
    }

    @Test("the auth panel follows the token and its keys ask for log in, refresh and log out")
    func authPanel() {
        var state = Fixtures.smallState()
        let key = ProfileEnvironmentKey(profile: "shop", environment: "dev")
        #expect(state.press(.character("a")).names == ["watchToken"])
        #expect(state.overlay == .auth)
        let expiry = Fixtures.start.date.addingTimeInterval(90)
        _ = state.update(.tokenUpdated(key, .token(.valid(expiresAt: expiry))))
        #expect(state.currentTokenStatus.summary(now: state.now.date) == "valid, expires in 1:30")
        _ = state.update(.ticked(Moment(uptime: 130, date: Fixtures.start.date.addingTimeInterval(30))))
        #expect(state.currentTokenStatus.summary(now: state.now.date) == "valid, expires in 1:00")
        #expect(state.isAnimating)
        #expect(state.press(.character("r")).names == ["refreshToken"])
        #expect(state.press(.character("l")).names == ["login"])
        #expect(state.press(.character("o")).names == ["logout"])
        _ = state.update(.tokenUpdated(key, .token(.failed("invalid_grant"))))
        #expect(state.currentTokenStatus.summary(now: state.now.date) == "failed: invalid_grant")
        _ = state.press(.escape)
        #expect(state.overlay == nil)
    }

    @Test("s saves edited endpoints of the profile; the saved profile replaces the old one")
    func saving() throws {
        var state = Fixtures.smallState()
        #expect(state.press(.character("s")).isEmpty)  // nothing edited yet
        state.select("items.get")
        _ = state.press(.tab, .enter, .control("u"))
        state.type("9")
        _ = state.press(.enter)
        let effects = state.press(.character("s"))
        guard case .saveProfile(let profile)? = effects.first else {
            Issue.record("expected saveProfile, got \(effects.names)")
            return
        }
        #expect(profile.endpoint("items.get")?.params.first?.value?.raw == "9")
        _ = state.update(.profileSaved(profile: "shop", saved: profile, error: nil))
        #expect(state.drafts.isEmpty)
        #expect(state.profiles[0].endpoint("items.get")?.params.first?.value?.raw == "9")
        _ = state.update(.profileSaved(profile: "shop", saved: nil, error: "disk full"))
        #expect(state.message == StatusMessage("not saved: disk full", isError: true))
    }

    @Test("w asks for a file name and writes the body there")
    func savingBody() throws {
        var state = Fixtures.smallState()
        state.select("items.get")
        _ = state.press(.enter)
        let id = try #require(state.shownExchange?.id)
        _ = state.update(.exchangeFinished(exchange: id, .success(Fixtures.jsonResponse("{}")), at: 101))
        state.focus = .response
        _ = state.press(.character("w"))
        guard case .prompt(let prompt)? = state.overlay else {
            Issue.record("expected the file prompt")
            return
        }
        // Named for the endpoint with the extension of the body's type (issue 25: not `.body` for every type).
        #expect(prompt.field.text == "items.get.json")
        let effects = state.press(.enter)
        #expect(effects.names == ["saveBody"])
        _ = state.update(.bodySaved(path: "/work/items.get.json", bytes: 2, error: nil))
        #expect(state.message?.text == "body saved to /work/items.get.json (2 B)")
    }

    @Test("w suggests a name with the extension of the body's type: .png for image/png, .body when unknown")
    func bodyNameByType() throws {
        for (type, name) in [("image/png", "items.get.png"), ("application/x-unknown", "items.get.body")] {
            var state = Fixtures.smallState()
            state.select("items.get")
            _ = state.press(.enter)
            let id = try #require(state.shownExchange?.id)
            var headers = HTTPHeaders()
            headers.add("Content-Type", type)
            let response = Response(
                method: .get, url: "http://127.0.0.1:8080/x", statusCode: 200, reason: "OK", headers: headers,
                body: ResponseBody(data: Data([0x89, 0x50])), metrics: Metrics())
            _ = state.update(.exchangeFinished(exchange: id, .success(response), at: 101))
            state.focus = .response
            _ = state.press(.character("w"))
            guard case .prompt(let prompt)? = state.overlay else {
                Issue.record("expected the file prompt")
                return
            }
            #expect(prompt.field.text == name)
            // Selected: a name typed replaces the suggestion.
            #expect(prompt.field.isSelected)
        }
    }
}
