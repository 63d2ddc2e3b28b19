import Foundation
import Testing

@testable import ExplorerCore
@testable import TUI

/// Prompts with prefilled text (issue 25, defect 8): the text is selected, so typing replaces it; the body search
/// counts and shows matches as the query is typed.
@Suite("Prompt selection and search as you type")
struct PromptSelectionTests {
    @Test("f starts with $ selected: typing $[?…] gives that query, not $$[…]")
    func filterPrefillIsReplaced() throws {
        var (state, _) = try BodyFilterTests.state()
        _ = state.press(.character("f"))
        #expect(state.response.filterField?.isSelected == true)
        state.type("$.items[?@.id == 2].title")
        #expect(state.response.filterField?.text == "$.items[?@.id == 2].title")
        // The prefilled text reads as selected: reversed on screen.
        _ = state.press(.escape)
        _ = state.press(.character("f"))
        let frame = Screen.render(state, theme: .monochrome)
        let row = try #require(frame.lines.firstIndex { $0.contains("JSONPath $") })
        let column = try #require(frame.lines[row].range(of: "JSONPath $")).upperBound
        let x = frame.lines[row].distance(from: frame.lines[row].startIndex, to: column) - 1
        #expect(frame[x, row].style.reverse)
    }

    @Test("/ starts with the last query selected: typing starts a new one; an arrow key keeps and edits it")
    func searchPrefillIsReplaced() throws {
        var (state, _) = try BodyFilterTests.state()
        _ = state.press(.character("/"))
        state.type("Walk")
        _ = state.press(.enter)
        _ = state.press(.character("/"))
        #expect(state.response.searchField?.text == "Walk")
        state.type("Buy")
        #expect(state.response.searchField?.text == "Buy")
        _ = state.press(.escape)
        _ = state.press(.character("/"), .end)
        state.type(" milk")
        #expect(state.response.searchField?.text == "Buy milk")
    }

    @Test("typing a search query searches and counts at once, before Enter, and the count shows beside the field")
    func searchAsYouType() throws {
        var (state, id) = try BodyFilterTests.state()
        _ = state.press(.character("/"))
        let effects = state.press(.character("W"))
        #expect(state.response.query == "W")
        #expect(effects.names.contains("countMatches"))
        #expect(effects.names.contains("search"))
        let document = try #require(state.shownBodyDocument)
        let matches = try #require(document.countMatches("W", exchange: id, tab: .body) { _ in })
        _ = state.update(.matchesCounted(matches))
        let lines = BodyFilterTests.pane(state)
        #expect(
            lines.contains { $0.contains("/W") && $0.contains("1/1") || $0.contains("/W") && $0.contains("1 match") })
        #expect(state.response.searchField != nil)
    }
}
