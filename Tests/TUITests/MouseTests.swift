import Foundation
import Testing

@testable import ExplorerCore
@testable import TUI

/// Clicks and the wheel through the pure `update`, at cells found on the rendered screen: what is hit is what was
/// drawn there.
@Suite("Mouse")
struct MouseTests {
    /// The column and row where `text` is drawn on the screen (first occurrence, inside `area` when given), in
    /// cells.
    static func find(_ text: String, in state: AppState, within area: Rect? = nil) -> (x: Int, y: Int)? {
        let screen = Screen.render(state, theme: .monochrome).text
        let lines = screen.split(separator: "\n", omittingEmptySubsequences: false)
        let area = area ?? Rect(x: 0, y: 0, width: state.width, height: state.height)
        let target = Array(text)
        for (y, line) in lines.enumerated() where y >= area.y && y < area.y + area.height {
            let cells = Array(line)
            guard cells.count >= target.count else { continue }
            for x in 0...(cells.count - target.count) where Array(cells[x..<(x + target.count)]) == target {
                if x >= area.x && x + target.count <= area.x + area.width { return (x, y) }
            }
        }
        return nil
    }

    static func click(_ state: inout AppState, at point: (x: Int, y: Int)) -> [Effect] {
        state.update(.mouse(MouseEvent(.press(.left), x: point.x, y: point.y)))
    }

    /// A state with a 100-line JSON answer shown for items.get.
    static func answered(height: Int = 30) throws -> AppState {
        var state = Fixtures.smallState(height: height)
        state.select("items.get")
        _ = state.press(.enter)
        let id = try #require(state.shownExchange?.id)
        let json = "[" + (1...100).map { #"{"n": \#($0)}"# }.joined(separator: ",") + "]"
        _ = state.update(.exchangeFinished(exchange: id, .success(Fixtures.jsonResponse(json)), at: 101))
        _ = state.update(.bodyPrepared(exchange: id, BodyDocument.make(bytes: Data(json.utf8), contentType: nil)))
        return state
    }

    @Test("a click on an endpoint row selects it and focuses the list; on a folder row it folds and unfolds")
    func clickList() throws {
        var state = Fixtures.smallState()
        state.focus = .editor
        let list = state.layout.list
        _ = Self.click(&state, at: try #require(Self.find("items.get", in: state, within: list)))
        #expect(state.focus == .list)
        #expect(state.selectedEndpoint?.id == "items.get")
        let folder = try #require(Self.find("Items", in: state, within: list))
        let before = state.rows.count
        _ = Self.click(&state, at: folder)
        #expect(state.rows.count == before - 3)
        #expect(Self.find("items.get", in: state, within: list) == nil)
        _ = Self.click(&state, at: folder)
        #expect(state.rows.count == before)
    }

    @Test("a click on an editor tab selects it; on a row, that row")
    func clickEditor() throws {
        var state = Fixtures.smallState(width: 120)
        state.select("items.get")
        let headers = try #require(Self.find("3 Headers", in: state))
        _ = Self.click(&state, at: headers)
        #expect(state.focus == .editor)
        #expect(state.editorTab == .headers)
        _ = Self.click(&state, at: try #require(Self.find("2 Query", in: state)))
        #expect(state.editorTab == .query)
        // items.get has one path parameter; two query rows after adding one.
        _ = state.press(.character("+"))
        state.type("a")
        _ = state.press(.enter)
        state.type("1")
        _ = state.press(.enter)
        _ = state.press(.character("+"))
        state.type("b")
        _ = state.press(.enter, .enter)
        #expect(state.editorRow == 1)
        _ = Self.click(&state, at: try #require(Self.find("[x] a", in: state)))
        #expect(state.editorRow == 0)
    }

    @Test("the wheel scrolls the pane under the pointer: the body by three lines, the list by three rows")
    func wheel() throws {
        var state = try Self.answered()
        let body = state.layout.responseBody
        state.focus = .list
        _ = state.update(.mouse(MouseEvent(.wheelDown, x: body.x + 2, y: body.y + 2)))
        _ = state.update(.mouse(MouseEvent(.wheelDown, x: body.x + 2, y: body.y + 2)))
        #expect(state.response.top == 6)
        #expect(state.focus == .list, "the wheel does not move the focus")
        _ = state.update(.mouse(MouseEvent(.wheelUp, x: body.x + 2, y: body.y + 2)))
        #expect(state.response.top == 3)
        for _ in 0..<100 { _ = state.update(.mouse(MouseEvent(.wheelDown, x: body.x, y: body.y))) }
        #expect(state.response.top == state.responseLineCount() - state.responseBodyHeight)

        let list = state.listAreas.rows
        let row = state.selectedRow
        _ = state.update(.mouse(MouseEvent(.wheelUp, x: list.x + 1, y: list.y)))
        #expect(state.selectedRow == max(0, row - 3))
    }

    @Test("a click on a response tab selects it")
    func clickResponseTab() throws {
        var state = try Self.answered()
        // The response's tab line (the editor's tabs above it read "3 Headers(1)").
        let tabs = try #require(Self.find(" Body  Headers  Raw ", in: state))
        _ = Self.click(&state, at: (tabs.x + 8, tabs.y))
        #expect(state.focus == .response)
        #expect(state.response.tab == .headers)
        _ = Self.click(&state, at: (tabs.x + 16, tabs.y))
        #expect(state.response.tab == .raw)
        // The space between two tabs is neither.
        _ = Self.click(&state, at: (tabs.x + 5, tabs.y))
        #expect(state.response.tab == .raw)
    }

    @Test("with a window open clicks do nothing and the wheel scrolls the window; with a field open, no list move")
    func windowsAndFields() throws {
        var state = Fixtures.smallState(height: 20)
        _ = state.press(.character("?"))
        _ = Self.click(&state, at: (5, 5))
        #expect(state.overlay == .help(top: 0))
        _ = state.update(.mouse(MouseEvent(.wheelDown, x: 50, y: 10)))
        #expect(state.overlay == .help(top: 3))
        _ = state.press(.escape)
        _ = state.press(.character("/"))
        let row = state.selectedRow
        let list = state.listAreas.rows
        _ = state.update(.mouse(MouseEvent(.wheelDown, x: list.x + 1, y: list.y + 1)))
        _ = Self.click(&state, at: (list.x + 1, list.y + 3))
        #expect(state.selectedRow == row)
        #expect(state.isFiltering)
    }
}
