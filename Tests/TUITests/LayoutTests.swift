import Foundation
import Testing

@testable import ExplorerCore
@testable import TUI

/// Maximising, hiding the list, moving the splits, soft wrap, the editor growing for a body, and all of it kept
/// between runs (`tui.json`).
@Suite("Pane layout")
struct LayoutTests {
    private func saved(_ effects: [Effect]) -> PaneLayout? {
        for case .saveLayout(let panes) in effects { return panes }
        return nil
    }

    @Test("z maximises the focused pane and follows Tab; z again shows all three")
    func zoom() throws {
        var state = Fixtures.smallState()
        state.select("items.get")
        state.focus = .editor
        let effects = state.press(.character("z"))
        #expect(saved(effects)?.zoomed == true)
        var screen = Screen.render(state, theme: .monochrome).text
        #expect(screen.contains("Request"))
        #expect(!screen.contains("Endpoints (") && !screen.contains("Response"))
        #expect(state.layout.editor.width == 100)
        _ = state.press(.tab)
        screen = Screen.render(state, theme: .monochrome).text
        #expect(screen.contains("Response") && !screen.contains("Endpoints ("))
        _ = state.press(.character("z"))
        screen = Screen.render(state, theme: .monochrome).text
        #expect(screen.contains("Response") && screen.contains("Endpoints (") && screen.contains("Request"))
    }

    @Test("\\ hides the list (focus moves on, Tab skips it) and shows it again")
    func hideList() throws {
        var state = Fixtures.smallState()
        _ = state.press(.character("\\"))
        #expect(state.focus == .editor)
        #expect(state.layout.list.isEmpty && state.layout.editor.x == 0)
        #expect(!Screen.render(state, theme: .monochrome).text.contains("Endpoints ("))
        _ = state.press(.tab, .tab)
        #expect(state.focus == .editor)
        _ = state.press(.escape)
        #expect(state.focus == .editor)
        let effects = state.press(.character("\\"))
        #expect(saved(effects)?.listHidden == false)
        #expect(Screen.render(state, theme: .monochrome).text.contains("Endpoints ("))
    }

    @Test("{ } move the list's edge, ( ) the editor's, within limits (a key past a limit changes nothing)")
    func resize() throws {
        var state = Fixtures.smallState(width: 100, height: 30)
        let width = state.layout.list.width
        _ = state.press(.character("}"))
        #expect(state.layout.list.width == width + PaneLayout.step)
        for _ in 0..<40 { _ = state.press(.character("}")) }
        #expect(state.layout.list.width == 70, "the other panes keep 30 columns")
        let effects = state.press(.character("}"))
        #expect(saved(effects) == nil)
        _ = state.press(.character("{"))
        #expect(state.layout.list.width == 70 - PaneLayout.step)
        let rows = state.layout.editor.height
        _ = state.press(.character(")"))
        #expect(state.layout.editor.height == rows + 2)
        _ = state.press(.character("("), .character("("))
        #expect(state.layout.editor.height == rows - 2)
        // The list's selection and the response's scroll follow the new sizes.
        #expect(state.listAreas.rows.width == state.layout.list.width - 2)
    }

    @Test("W wraps long body lines at the pane's width (no sideways scroll), and W again cuts them")
    func softWrap() throws {
        var state = Fixtures.smallState(width: 100, height: 30)
        state.select("items.get")
        _ = state.press(.enter)
        let id = try #require(state.shownExchange?.id)
        let text = "start-" + String(repeating: "abcdefghij", count: 20) + "-end"
        let response = Response(
            method: .get, url: "http://127.0.0.1:9000/items/7", statusCode: 200, reason: "OK",
            headers: ["Content-Type": "text/plain"], body: ResponseBody(data: Data(text.utf8)), metrics: Metrics())
        _ = state.update(.exchangeFinished(exchange: id, .success(response), at: 101))
        _ = state.update(
            .bodyPrepared(exchange: id, BodyDocument.make(bytes: Data(text.utf8), contentType: "text/plain")))
        #expect(!Screen.render(state, theme: .monochrome).text.contains("-end"))
        let effects = state.press(.character("W"))
        #expect(saved(effects)?.softWrap == true)
        let screen = Screen.render(state, theme: .monochrome).text
        #expect(screen.contains("-end"))
        let body = state.layout.responseBody
        let lines = screen.split(separator: "\n", omittingEmptySubsequences: false)
        let first = Array(lines[body.y])[body.x..<body.maxX]
        #expect(String(first).hasPrefix("start-abcdefghij"))
        #expect(
            String(Array(lines[body.y + 1])[body.x..<body.maxX]).hasPrefix(
                String(Array(text)[body.width...].prefix(10))))
        state.focus = .response
        _ = state.press(.character("l"))
        #expect(state.response.left == 0)
        _ = state.press(.character("W"))
        #expect(!Screen.render(state, theme: .monochrome).text.contains("-end"))
    }

    @Test("wrapped, End brings the body's last line to the pane's bottom (rows counted as wrapped)")
    func softWrapEnd() throws {
        var state = Fixtures.smallState(width: 100, height: 30)
        state.select("items.get")
        _ = state.press(.enter)
        let id = try #require(state.shownExchange?.id)
        let long = String(repeating: "0123456789", count: 30)
        let text = (1...40).map { $0 % 10 == 0 ? "\(long)-\($0)" : "line \($0)" }.joined(separator: "\n")
        let response = Response(
            method: .get, url: "http://127.0.0.1:9000/items/7", statusCode: 200, reason: "OK",
            headers: ["Content-Type": "text/plain"], body: ResponseBody(data: Data(text.utf8)), metrics: Metrics())
        _ = state.update(.exchangeFinished(exchange: id, .success(response), at: 101))
        _ = state.update(
            .bodyPrepared(exchange: id, BodyDocument.make(bytes: Data(text.utf8), contentType: "text/plain")))
        _ = state.press(.character("W"))
        state.focus = .response
        _ = state.press(.end)
        let body = state.layout.responseBody
        let lines = Screen.render(state, theme: .monochrome).lines
        // The last line (300 digits and "-40", five rows of 65) ends on the pane's last row; the top row is the
        // start of a line that fits whole.
        #expect(String(Array(lines[body.maxY - 1])[body.x..<body.maxX]).contains("0123456789-40"))
        #expect(String(Array(lines[body.y])[body.x..<body.maxX]).hasPrefix("line 35"))
    }

    @Test("wrapped, a one-line body taller than the pane scrolls row by row to its end, and back")
    func softWrapOneLongLine() throws {
        var state = Fixtures.smallState(width: 100, height: 30)
        state.select("items.get")
        _ = state.press(.enter)
        let id = try #require(state.shownExchange?.id)
        // One line of numbered 10-column cells: "c0000....", "c0001....", … well past several screenfuls.
        let text = (0..<2_000).map { String(format: "c%04d.....", $0) }.joined()
        let response = Response(
            method: .get, url: "http://127.0.0.1:9000/items/7", statusCode: 200, reason: "OK",
            headers: ["Content-Type": "text/plain"], body: ResponseBody(data: Data(text.utf8)), metrics: Metrics())
        _ = state.update(.exchangeFinished(exchange: id, .success(response), at: 101))
        _ = state.update(
            .bodyPrepared(exchange: id, BodyDocument.make(bytes: Data(text.utf8), contentType: "text/plain")))
        _ = state.press(.character("W"))
        state.focus = .response
        let body = state.layout.responseBody
        func row(_ y: Int) -> String {
            String(Array(Screen.render(state, theme: .monochrome).lines[y])[body.x..<body.maxX])
        }
        #expect(row(body.y).hasPrefix("c0000"))
        // j moves one row: the second row of the line is now on top.
        _ = state.press(.character("j"))
        #expect(state.response.top == 0 && state.response.topRow == 1)
        #expect(row(body.y) == String(Array(text)[body.width..<2 * body.width]))
        // A page further down, still inside the one line.
        _ = state.press(.pageDown)
        #expect(state.response.topRow > 1)
        let start = state.response.topRow * body.width
        #expect(row(body.y) == String(Array(text)[start..<start + body.width]))
        // End: the line's last characters end on the pane's last row.
        _ = state.press(.end)
        #expect(row(body.maxY - 1).trimmingCharacters(in: .whitespaces).hasSuffix("c1999....."))
        // k from there moves up a row; Home goes back to the first.
        let end = state.response.topRow
        _ = state.press(.character("k"))
        #expect(state.response.topRow == end - 1)
        _ = state.press(.home)
        #expect(state.response.topRow == 0 && row(body.y).hasPrefix("c0000"))
    }

    @Test("the editor grows to show a body on the Body tab (leaving the response its header)")
    func editorGrowsForBody() throws {
        var state = Fixtures.smallState(width: 100, height: 40)
        state.select("items.create")
        let rows = state.layout.editor.height
        let key = try #require(state.selectedKey)
        var draft = try #require(state.draft(for: key))
        draft.body = BodyDraft(kind: .json, text: (1...14).map { "line \($0)" }.joined(separator: "\n"))
        state.drafts[key] = draft
        state.focus = .editor
        _ = state.press(.character("4"))
        #expect(state.layout.editor.height > rows)
        let screen = Screen.render(state, theme: .monochrome).text
        #expect(screen.contains("line 14"))
        _ = state.press(.character("1"))
        #expect(state.layout.editor.height == rows)
    }

    @Test("the arrangement is written to tui.json and read back by the next start; a broken file is the default")
    func persisted() throws {
        let directory = NSTemporaryDirectory() + "apix-layout-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let store = LayoutStore(directory: directory)
        #expect(store.read() == PaneLayout())
        var panes = PaneLayout()
        panes.zoomed = true
        panes.softWrap = true
        panes.listWidthChange = -4
        #expect(store.write(panes) == nil)
        #expect(store.read() == panes)
        let mode = try FileManager.default.attributesOfItem(atPath: store.path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        try "{ not json".write(toFile: store.path, atomically: true, encoding: .utf8)
        #expect(store.read() == PaneLayout())
        // A file from a version with fewer keys keeps the defaults of the rest.
        try #"{"version": 1, "layout": {"listHidden": true}}"#.write(
            toFile: store.path, atomically: true, encoding: .utf8)
        var expected = PaneLayout()
        expected.listHidden = true
        #expect(store.read() == expected)
    }
}
