import Foundation
import Testing

@testable import ExplorerCore
@testable import TUI

/// Views rendered headlessly at fixed sizes and compared as text.
@Suite("Views: text snapshots at fixed sizes")
struct ViewSnapshotTests {
    @Test("endpoint list with folders, method badges and the problems panel (80×18)")
    func listSnapshot() {
        let state = Fixtures.smallState(width: 80, height: 18, problems: true)
        let expected = """
             apix  Shop                                                              ? help
            ┌─ Endpoints (4) ──────────┐┌─ Request ────────────────────────────────────────┐
            │▾ Shop · dev              ││GET http://127.0.0.1:9000/health                  │
            │  GET    health           ││ 1 Params(0)  2 Query(0)  3 Headers(0)  4 Body    │
            │  ▾ Items                 ││ (none) — + adds a row                            │
            │    GET    items.list     ││                                                  │
            │    GET    items.get      ││                                                  │
            │    POST   items.create   ││                                                  │
            │                          │└──────────────────────────────────────────────────┘
            │                          │┌─ Response ───────────────────────────────────────┐
            │                          ││ Enter or Ctrl-R sends the request.               │
            │                          ││                                                  │
            │                          ││                                                  │
            │⚠ 1 problem (p)           ││                                                  │
            │broken.yaml:3:1: unknown k││                                                  │
            │                          ││                                                  │
            └──────────────────────────┘└──────────────────────────────────────────────────┘
             env: dev │ auth: none │ 1 problem in 1 profile (1 OK): press p
            """
        #expect(Screen.render(state, theme: .monochrome).text == expected)
    }

    @Test("request editor: resolved URL, tabs with counts, rows with their state")
    func editorSnapshot() {
        var state = Fixtures.smallState(width: 80, height: 18)
        state.select("items.get")
        _ = state.press(.tab, .character("3"), .character("+"))
        state.type("X-Name")
        _ = state.press(.enter)
        state.type("v1")
        _ = state.press(.enter)
        let lines = Screen.render(state, theme: .monochrome).lines
        #expect(lines[2].hasSuffix("││GET http://127.0.0.1:9000/items/7                 │"))
        #expect(lines[3].hasSuffix("││ 1 Params(1)  2 Query(0)  3 Headers(2)  4 Body    │"))
        #expect(lines[4].hasSuffix("││[x] X-Trace   t1                                  │"))
        #expect(lines[5].hasSuffix("││[x] X-Name    v1                                  │"))
        // The unsaved edit, then the editor's keys that fit whole at 80 columns (`M method` does not: left out).
        #expect(lines[17].hasPrefix(" env: dev │ auth: none │ ✎ 1 unsaved │ Enter edit  + add  Space toggle  u url"))
        #expect(!lines[17].contains("u url  M"))
    }

    @Test("progress mid-transfer: bar, bytes done of total, percent, rate and ETA")
    func progressSnapshot() {
        var transfer = Exchange(
            id: 1, key: EndpointKey(profile: "p", endpoint: "e"), method: .get, url: "http://x/", startedAt: 100)
        transfer.record(TransferProgress(received: 10 << 20, receiveTotal: 40 << 20), at: 101)
        transfer.record(TransferProgress(received: 30 << 20, receiveTotal: 40 << 20), at: 102)
        var buffer = ScreenBuffer(width: 76, height: 3)
        ProgressView.draw(transfer, now: 102, in: buffer.bounds, theme: .monochrome, on: &buffer)
        #expect(
            buffer.lines == [
                "↓ [████████████████░░░░░░] 30.0 MiB / 40.0 MiB  75%  20.0 MiB/s  ETA 0:01",
                "running 2.0 s — Esc cancels",
                "",
            ])
    }

    @Test("progress with an unknown total: an indeterminate bar with bytes and rate; upload bar when sending")
    func indeterminateAndUpload() {
        var transfer = Exchange(
            id: 1, key: EndpointKey(profile: "p", endpoint: "e"), method: .post, url: "http://x/", startedAt: 100)
        transfer.record(TransferProgress(sent: 1 << 20, sendTotal: 4 << 20, received: 0), at: 101)
        transfer.record(TransferProgress(sent: 2 << 20, sendTotal: 4 << 20, received: 1000), at: 102)
        var buffer = ScreenBuffer(width: 90, height: 3)
        ProgressView.draw(transfer, now: 102, in: buffer.bounds, theme: .monochrome, on: &buffer)
        #expect(buffer.line(0).hasPrefix("↑ ["))
        #expect(buffer.line(0).hasSuffix("] 2.00 MiB / 4.00 MiB  50%  1.00 MiB/s  ETA 0:02"))
        #expect(buffer.line(1).hasPrefix("↓ ["))
        #expect(buffer.line(1).hasSuffix("] 1000 B  1000 B/s"))
        // The sweeping block moves with time.
        var later = ScreenBuffer(width: 90, height: 3)
        ProgressView.draw(transfer, now: 102.5, in: later.bounds, theme: .monochrome, on: &later)
        #expect(later.line(1) != buffer.line(1))
    }

    /// The small demo state at 100×30 with `items.get` sent and `json` shown as its indexed response.
    static func showing(_ json: String) throws -> AppState {
        var state = Fixtures.smallState(width: 100, height: 30)
        state.select("items.get")
        _ = state.press(.enter)
        let id = try #require(state.shownExchange?.id)
        _ = state.update(.exchangeFinished(exchange: id, .success(Fixtures.jsonResponse(json)), at: 101))
        _ = state.update(
            .bodyPrepared(
                exchange: id, BodyDocument.make(bytes: Data(json.utf8), contentType: "application/json")))
        return state
    }

    @Test("response with JSON: status line, waterfall, tabs, pretty body")
    func responseSnapshot() throws {
        let json = #"{"id": 7, "name": "pen", "tags": ["a", "b"], "ok": true, "none": null}"#
        let state = try Self.showing(json)
        let lines = Screen.render(state, theme: .monochrome).lines.map { line in
            // The right pane only.
            String(line.dropFirst(Layout(width: 100, height: 30).list.width))
        }
        let pane = Array(lines[13..<28])
        #expect(pane[0] == "│ HTTP/1.1 200 OK · 3.85 ms · 70 B  GET http://127.0.…9000/items/7│")
        #expect(pane[1].hasPrefix("│time ░") && pane[1].hasSuffix("█ total 3.85 ms     │"))
        // Not room for every phase with its figure: the shortest (tls, send) are left out, no figure
        // is cut.
        #expect(pane[2] == "│░dns 0.10 ms ▒connect 0.20 ms ▓wait 3.00 ms █transfer 0.50 ms    │")
        #expect(
            Array(pane[3...]) == [
                "│↑ 0 B 0 B/s · ↓ 70 B 136.7 KiB/s · new connection                │",
                "│ Body  Headers  Raw   70 B · application/json · lines 1-10 of 10 │",
                "│{                                                                │",
                "│  \"id\": 7,                                                       │",
                "│  \"name\": \"pen\",                                                 │",
                "│  \"tags\": [                                                      │",
                "│    \"a\",                                                         │",
                "│    \"b\"                                                          │",
                "│  ],                                                             │",
                "│  \"ok\": true,                                                    │",
                "│  \"none\": null                                                   │",
                "│}                                                                │",
            ])
    }

    @Test("the tabs' line leaves the content type out, not the line count, when the pane is too narrow for both")
    func infoItemsWhole() throws {
        let json = #"{"id": 7, "name": "pen", "tags": ["a", "b"], "ok": true, "none": null}"#
        var state = Fixtures.smallState(width: 100, height: 30)
        state.select("items.get")
        _ = state.press(.enter)
        let id = try #require(state.shownExchange?.id)
        var response = Fixtures.jsonResponse(json)
        response.headers.set("Content-Type", "application/vnd.example.catalogue.item+json; charset=utf-8")
        _ = state.update(.exchangeFinished(exchange: id, .success(response), at: 101))
        _ = state.update(
            .bodyPrepared(exchange: id, BodyDocument.make(bytes: Data(json.utf8), contentType: "application/json")))
        let row = Screen.render(state, theme: .monochrome).lines[17]
        let pane = String(row.dropFirst(Layout(width: 100, height: 30).list.width))
        #expect(pane == "│ Body  Headers  Raw   70 B · lines 1-10 of 10          4 Request │")
        #expect(ResponseView.fitting(["a long first item"], width: 5, spare: []) == "a long first item")
        #expect(
            ResponseView.fitting(["1", "type", "lines 1-2 of 9"], width: 18, spare: ["type"]) == "1 · lines 1-2 of 9")
        #expect(ResponseView.fitting(["1", "type", "lines"], width: 18, spare: ["type"]) == "1 · type · lines")
    }

    @Test("long lines are cut at the pane; l and h (or > and <) scroll them sideways")
    func horizontalScroll() throws {
        let long = (0..<30).map { String(format: "%03d", $0) }.joined(separator: "-")  // 119 characters
        var state = try Self.showing(#"{"token": "\#(long)", "n": 1}"#)
        state.focus = .response
        func pane() -> [String] {
            Screen.render(state, theme: .monochrome).lines[18..<21].map { line in
                String(line.dropFirst(Layout(width: 100, height: 30).list.width))
            }
        }
        let start = pane()
        #expect(start[1].hasPrefix("│  \"token\": \"000-001-002-"))
        #expect(!start[1].contains("029"))

        _ = state.press(.character("l"))
        #expect(state.response.left == AppState.horizontalStep)
        let scrolled = pane()
        // 20 columns on: `  "token": "` is 12 columns, so the line now starts 8 characters into the value.
        #expect(scrolled[1].hasPrefix("│002-003-004-"))
        #expect(scrolled[2].dropFirst().dropLast().allSatisfy { $0 == " " })  // `  "n": 1` is shorter than 20
        #expect(Screen.render(state, theme: .monochrome).lines[17].contains("Raw   from col 21 · 140 B"))

        _ = state.press(.character(">"), .character(">"), .character(">"), .character(">"), .character(">"))
        #expect(pane()[1].contains("029\","))
        _ = state.press(.character("h"), .character("<"), .character("h"), .character("h"), .character("h"))
        _ = state.press(.character("h"), .character("h"))
        #expect(state.response.left == 0)
        #expect(pane() == start)

        // Columns, not characters: a wide character cut in half is dropped; roles stay with their text.
        let dropped = BodyView.dropColumns(3, of: [("漢字", .string), ("ab", .key)])
        #expect(dropped.map(\.text) == ["ab"])
        #expect(dropped.map(\.role) == [.key])
        #expect(BodyView.dropColumns(1, of: [("漢字", .string)]).map(\.text) == ["字"])
    }

    @Test("a failed request shows why there is no response")
    func noResponse() throws {
        var state = Fixtures.smallState(width: 100, height: 30)
        state.select("health")
        _ = state.press(.enter)
        let id = try #require(state.shownExchange?.id)
        let refused = ClientError.transport(TransportError(.connectionRefused, "connection refused", curlCode: 7))
        _ = state.update(.exchangeFinished(exchange: id, .failure(refused), at: 101))
        let text = Screen.render(state, theme: .monochrome).text
        #expect(text.contains("│no response: connection refused"))
    }

    @Test("auth panel: token state with countdown and the keys")
    func authSnapshot() {
        var state = Fixtures.smallState(width: 80, height: 18, auth: Fixtures.oauth2)
        _ = state.press(.character("a"))
        _ = state.update(
            .tokenUpdated(
                ProfileEnvironmentKey(profile: "shop", environment: "dev"),
                .token(.valid(expiresAt: Fixtures.start.date.addingTimeInterval(272)))))
        let lines = Screen.render(state, theme: .monochrome).lines
        #expect(lines[4].contains("┌─ Auth ─"))
        #expect(lines[5].contains("│ profile shop · environment dev"))
        #expect(lines[7].contains("│ token: valid, expires in 4:32"))
        #expect(lines[11].contains("│ l log in   r refresh   o log out   Esc close"))
        #expect(lines[17].hasPrefix(" env: dev │ oauth2: valid, expires in 4:32 │ l log in  r refresh  o log out"))
    }

    @Test("help lists every binding of the key map")
    func helpSnapshot() {
        var state = Fixtures.smallState(width: 100, height: 300)
        _ = state.press(.character("?"))
        let text = Screen.render(state, theme: .monochrome).text
        for binding in KeyMap.bindings {
            #expect(text.contains(TextWidth.pad(binding.keyLabel, to: 24) + "  " + binding.help.prefix(40)))
        }
        for context in KeyContext.allCases { #expect(text.contains(context.title)) }
    }

    @Test("a terminal below the minimum shows a clear too-small message")
    func tooSmallSnapshot() {
        let state = Fixtures.smallState(width: 40, height: 8)
        #expect(
            Screen.render(state).lines
                == [
                    "",
                    "",
                    "           Terminal too small",
                    "            40×8, need 60×16",
                    "    enlarge the window, or q to quit",
                    "",
                    "",
                    "",
                ].map { $0 })
    }

    @Test("hostile response bodies and headers are shown escaped, never as control characters")
    func hostileBody() throws {
        var state = Fixtures.smallState(width: 100, height: 30)
        state.select("health")
        _ = state.press(.enter)
        let id = try #require(state.shownExchange?.id)
        let hostile = "title\u{1B}]0;pwned\u{07}\n\u{1B}[2Jclear\r\nbidi \u{202E}txt"
        let response = Response(
            method: .get, url: "http://x/", statusCode: 200, reason: "OK",
            headers: ["Content-Type": "text/plain", "X-Evil": "a\u{1B}[31mred"],
            body: ResponseBody(data: Data(hostile.utf8)), metrics: Metrics())
        _ = state.update(.exchangeFinished(exchange: id, .success(response), at: 101))
        _ = state.update(
            .bodyPrepared(exchange: id, BodyDocument.make(bytes: Data(hostile.utf8), contentType: "text/plain")))
        var buffer = Screen.render(state)
        var text = buffer.text
        #expect(text.contains(#"title\e]0;pwned\x07"#))
        #expect(text.contains(#"\e[2Jclear"#))
        #expect(text.contains(#"bidi \u{202e}txt"#))
        state.focus = .response
        _ = state.press(.right)
        buffer = Screen.render(state)
        text = buffer.text
        #expect(text.contains(#"X-Evil: a\e[31mred"#))
        for cell in buffer.cells {
            #expect(!cell.text.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F })
        }
    }
}
