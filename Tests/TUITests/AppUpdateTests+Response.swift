import Foundation
import Testing

@testable import ExplorerCore
@testable import TUI

/// The response pane, the list's scrolling, help, quitting and the key map: the second half of `AppUpdateTests`.
extension AppUpdateTests {
    @Test("response scrolling, tabs and search with n and N")
    func responseScrollingAndSearch() throws {
        var state = Fixtures.smallState(height: 24)
        state.select("items.get")
        _ = state.press(.enter)
        let id = try #require(state.shownExchange?.id)
        let items = (1...100).map { #"{"n": \#($0)}"# }.joined(separator: ",")
        let json = "[\(items)]"
        _ = state.update(.exchangeFinished(exchange: id, .success(Fixtures.jsonResponse(json)), at: 101))
        _ = state.update(.bodyPrepared(exchange: id, BodyDocument.make(bytes: Data(json.utf8), contentType: nil)))
        state.focus = .response
        _ = state.press(.down, .down)
        #expect(state.response.top == 2)
        _ = state.press(.pageDown)
        #expect(state.response.top == 2 + state.responseBodyHeight - 1)
        _ = state.press(.end)
        #expect(state.response.top == state.responseLineCount() - state.responseBodyHeight)
        _ = state.press(.home)
        #expect(state.response.top == 0)

        _ = state.press(.character("/"))
        state.type("\"n\": 50")
        let effects = state.press(.enter)
        guard case .search(_, let document, let query, let from, let forward, _)? = effects.first else {
            Issue.record("expected a search, got \(effects.names)")
            return
        }
        #expect(from == 0 && forward)
        // What the runtime does with the effect; the expected line below is worked out by hand, not by search.
        let line = document.search(query, from: from, forward: forward)
        #expect(line == 149)  // "[", then three lines per item: item 50's "n" is line 1 + 49 * 3 + 1
        _ = state.update(.searchFinished(exchange: id, line: line))
        #expect(state.response.matchLine == 149)
        #expect(state.response.top == 149 - state.responseBodyHeight / 3)
        #expect(state.press(.character("n")).names == ["search"])
        _ = state.update(.searchFinished(exchange: id, line: nil))
        #expect(state.message?.isError == true)

        _ = state.press(.character("l"), .character("l"))
        #expect(state.response.left == 2 * AppState.horizontalStep)
        _ = state.press(.right)
        #expect(state.response.tab == .headers)
        #expect(state.response.left == 0)
        _ = state.press(.right)
        #expect(state.response.tab == .raw)
        _ = state.press(.right)
        #expect(state.response.tab == .body)
    }

    @Test("search in the Raw tab lands on the matching line below the head, and n moves to the next match")
    func rawTabSearch() throws {
        var state = Fixtures.smallState(height: 24)
        state.select("items.get")
        _ = state.press(.enter)
        let id = try #require(state.shownExchange?.id)
        // One item per raw line: "[" is line 0 and item k is line k.
        let json = "[\n" + (1...100).map { #"{"n": \#($0)}"# }.joined(separator: ",\n") + "\n]"
        let response = Fixtures.jsonResponse(json)
        #expect(response.headers.count == 2)  // so the Raw tab's head is 4 lines: status, 2 headers, blank
        _ = state.update(.exchangeFinished(exchange: id, .success(response), at: 101))
        _ = state.update(.bodyPrepared(exchange: id, BodyDocument.make(bytes: Data(json.utf8), contentType: nil)))
        state.focus = .response
        _ = state.press(.right, .right)
        #expect(state.response.tab == .raw)

        // Runs a search effect the way the runtime does and feeds the result back.
        func finish(_ effects: [Effect]) {
            guard case .search(let transfer, let document, let query, let from, let forward, let raw)? = effects.first
            else {
                Issue.record("expected a search, got \(effects.names)")
                return
            }
            #expect(raw)
            _ = state.update(
                .searchFinished(
                    exchange: transfer, line: document.search(query, from: from, forward: forward, raw: raw)))
        }

        _ = state.press(.character("/"))
        state.type(#""n": 5"#)
        finish(state.press(.enter))
        #expect(state.response.matchLine == 4 + 5)  // item 5
        #expect(state.response.top == max(0, 9 - state.responseBodyHeight / 3))
        finish(state.press(.character("n")))
        #expect(state.response.matchLine == 4 + 50)  // item 50, the next one containing "n": 5
        #expect(state.response.top == 54 - state.responseBodyHeight / 3)
        finish(state.press(.character("n")))
        #expect(state.response.matchLine == 4 + 51)
        finish(state.press(.character("N")))
        #expect(state.response.matchLine == 4 + 50)
    }

    @Test("the Problems window wraps a long message instead of cutting it at its edge")
    func problemsWrap() throws {
        var catalog = Fixtures.demoCatalog
        let message =
            "`body` needs exactly one of `json`, `form`, `multipart`, `text` or `file`, got none; write the body under "
            + "one of them (see docs/PROFILES.md) and the profile loads again: the-last-words"
        catalog.problems = [ProfileProblem(message, at: SourceLocation(file: "/tmp/broken.yaml", line: 3, column: 1))]
        var state = AppState(
            catalog: catalog, profileDirectory: Fixtures.profilesDirectory, variables: ["port": "8080"],
            processEnvironment: [:], width: 80, height: 20, now: Fixtures.start, selecting: "demo")
        _ = state.press(.character("p"))
        let text = Screen.render(state, theme: .monochrome).text
        #expect(text.contains("Problems in profiles"))
        #expect(text.contains("the-last-words"), "\(text)")
        #expect(text.contains("got none;"))
    }

    @Test("End and PgDn keep the selection on screen when the problems panel and the filter line take list rows")
    func listScrollsByTheDrawnHeight() throws {
        var catalog = Fixtures.demoCatalog
        catalog.problems = [
            ProfileProblem("unknown key `edpoints`", at: SourceLocation(file: "/tmp/broken.yaml", line: 3, column: 1))
        ]
        var state = AppState(
            catalog: catalog, profileDirectory: Fixtures.profilesDirectory, variables: ["port": "8080"],
            processEnvironment: [:], width: 80, height: 20, now: Fixtures.start, selecting: "demo")

        /// The screen rows drawn selected inside the list's row area, and whether the selected endpoint is there.
        func drawnSelection() -> (rows: [Int], showsEndpoint: Bool) {
            let buffer = Screen.render(state, theme: .monochrome)
            let area = state.listAreas.rows
            let rows = (area.y..<area.maxY).filter { buffer[area.x, $0].style.reverse }
            let id = String((state.selectedEndpoint?.id ?? "?").prefix(8))
            guard rows.count == 1 else { return (rows, false) }
            let text = (area.x..<area.maxX).map { buffer[$0, rows[0]].text }.joined()
            return (rows, text.contains(id))
        }

        // The list box is 16 rows inside; the problems panel takes 3 of them.
        #expect(state.listHeight == 13)
        _ = state.press(.end)
        #expect(state.selectedRow == state.rows.count - 1)
        #expect(drawnSelection().showsEndpoint)
        #expect(drawnSelection().rows == [state.listAreas.rows.maxY - 1])

        // "get" keeps every GET endpoint; the filter line takes one more row.
        _ = state.press(.home, .character("/"))
        state.type("get")
        _ = state.press(.enter)  // leaves the field; the filter line stays
        #expect(!state.isFiltering && state.listHeight == 12)
        try #require(state.rows.count > state.listHeight)
        _ = state.press(.end)
        #expect(drawnSelection().showsEndpoint)
        _ = state.press(.home, .pageDown)
        #expect(drawnSelection().showsEndpoint)
        _ = state.press(.end)
        #expect(state.selectedRow == state.rows.count - 1)
        #expect(drawnSelection().rows == [state.listAreas.rows.maxY - 1])
    }

    @Test("resizing keeps the selection visible and ticks move the clock")
    func resizeAndTick() {
        var state = Fixtures.demoState(width: 120, height: 40)
        _ = state.press(.end)
        _ = state.update(.resized(width: 80, height: 20))
        #expect(state.width == 80 && state.height == 20)
        #expect(state.selectedRow >= state.listTop && state.selectedRow < state.listTop + state.listHeight)
        let later = Moment(uptime: 200, date: Fixtures.start.date.addingTimeInterval(100))
        _ = state.update(.ticked(later))
        #expect(state.now == later)
    }

    @Test("? opens help, p opens problems, q quits; SIGTERM cancels running transfers and quits")
    func overlaysAndQuit() {
        var state = Fixtures.smallState(problems: true)
        _ = state.press(.character("?"))
        #expect(state.overlay == .help(top: 0))
        _ = state.press(.down)
        #expect(state.overlay == .help(top: 1))
        _ = state.press(.escape, .character("p"))
        #expect(state.overlay == .problems(top: 0))
        _ = state.press(.character("q"))
        #expect(state.overlay == nil)
        state.select("health")
        _ = state.press(.enter)
        let effects = state.update(.terminationRequested)
        #expect(effects.names == ["cancel", "quit"])
        #expect(state.shouldQuit)
    }

    @Test("help scrolling stops at its last line, so Up moves at once after holding Down")
    func helpScrollIsClamped() {
        var state = Fixtures.smallState(height: 30)
        _ = state.press(.character("?"))
        // 30 rows: title and status bar, the box 2 rows shorter than the rest, then its border.
        #expect(HelpView.visibleLines(width: 100, height: 30) == 24)
        // Lines as drawn 93 columns wide (the box's 94 inside its border, after a margin): long ones wrap.
        let count = HelpView.lines(columns: 93).count
        let maxTop = count - 24
        #expect(maxTop > 0)
        for _ in 0..<(count + 5) { _ = state.press(.down) }
        #expect(state.overlay == .help(top: maxTop))
        _ = state.press(.pageDown, .pageDown)
        #expect(state.overlay == .help(top: maxTop))
        _ = state.press(.up)
        #expect(state.overlay == .help(top: maxTop - 1))
        _ = state.update(.resized(width: 100, height: 40))
        #expect(state.overlay == .help(top: max(0, count - 34)))
        for _ in 0..<(count / 34 + 1) { _ = state.press(.pageUp) }
        #expect(state.overlay == .help(top: 0))
    }

    @Test("every binding in the key map has a distinct key within its context")
    func keyMapHasNoClashes() {
        for context in KeyContext.allCases {
            let keys = KeyMap.bindings(in: context).flatMap(\.keys)
            #expect(Set(keys).count == keys.count, "duplicate key in \(context)")
        }
    }
}
