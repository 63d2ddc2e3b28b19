import Foundation
import Testing

@testable import ExplorerCore
@testable import TUI

/// The JSONPath filter on the body (`f`): every edit asks for an evaluation with a newer generation, only the
/// newest result is shown (pretty JSON and a match count, or where the query is wrong), Esc shows the whole body.
@Suite("JSONPath filter on the body")
struct BodyFilterTests {
    static let json = #"{"items": [{"id": 1, "title": "Buy milk"}, {"id": 2, "title": "Walk"}], "total": 2}"#

    static func state(json: String = json, contentType: String? = nil) throws -> (AppState, Int) {
        var state = Fixtures.demoState()
        state.select("todos.list")
        let sent = try #require(ChainExplorerTests.sent(state.press(.enter)))
        _ = state.update(.exchangeFinished(exchange: sent.id, .success(ChainExplorerTests.response(json)), at: 101))
        _ = state.update(
            .bodyPrepared(exchange: sent.id, BodyDocument.make(bytes: Data(json.utf8), contentType: contentType)))
        state.focus = .response
        return (state, sent.id)
    }

    /// The evaluations the effects ask for: exchange, document, query, generation.
    static func filters(_ effects: [Effect]) -> [(Int, BodyDocument, String, Int)] {
        effects.compactMap {
            if case .filterBody(let id, let document, let query, let generation) = $0 {
                return (id, document, query, generation)
            }
            return nil
        }
    }

    /// Types `text`, runs the last evaluation asked for as the runtime does, and feeds its result back.
    static func type(_ text: String, in state: inout AppState) async throws -> [(Int, BodyDocument, String, Int)] {
        var asked: [(Int, BodyDocument, String, Int)] = []
        for character in text { asked += filters(state.update(.keyPressed(.character(character)))) }
        let (id, document, query, generation) = try #require(asked.last)
        let result = try #require(await FilteredBody.make(query, on: document))
        _ = state.update(.bodyFiltered(exchange: id, generation: generation, result))
        return asked
    }

    static func pane(_ state: AppState) -> [String] {
        let list = Layout(width: state.width, height: state.height).list.width
        return Screen.render(state, theme: .monochrome).lines.map { String($0.dropFirst(list)) }
    }

    @Test("typing a query shows its result as pretty JSON with a match count; each key asks anew")
    func filters() async throws {
        var (state, id) = try Self.state()
        _ = state.press(.character("f"))
        #expect(state.response.filterField?.text == "$")
        let asked = try await Self.type("$.items[*].title", in: &state)
        // The `$` typed over the selected `$` changes nothing: no evaluation for it.
        #expect(asked.count == "$.items[*].title".count - 1)
        #expect(asked.map(\.3) == Array(asked.map(\.3).sorted()) && Set(asked.map(\.3)).count == asked.count)
        #expect(asked.allSatisfy { $0.0 == id })
        let lines = Self.pane(state)
        #expect(lines.contains { $0.contains("JSONPath $.items[*].title") && $0.contains("2 matches") })
        #expect(lines.contains { $0.contains(#"  "Buy milk","#) })
        #expect(lines.contains { $0.contains(#"  "Walk""#) })
        #expect(!lines.contains { $0.contains(#""total""#) })
        #expect(state.responseLineCount() == 4)  // [, two strings, ]
        // Enter keeps the filter and gives the keys back to the pane; Esc then returns to the whole body.
        _ = state.press(.enter)
        #expect(state.response.filterField == nil && state.response.filter != nil)
        let effects = state.press(.escape)
        #expect(effects.names == ["cancelBodyFilter"])
        #expect(state.response.filter == nil && state.focus == .response)
        #expect(Self.pane(state).contains { $0.contains(#""total": 2"#) })
    }

    @Test("a result for an older keystroke is dropped; the newest one is shown")
    func stale() async throws {
        var (state, id) = try Self.state()
        _ = state.press(.character("f"), .end)  // End keeps the prefilled `$` and types after it
        let first = try #require(Self.filters(state.press(.character("."))).last)
        let second = try #require(Self.filters(state.press(.character("t"))).last)
        #expect(second.3 > first.3)
        let old = try #require(await FilteredBody.make("$.", on: first.1))
        _ = state.update(.bodyFiltered(exchange: id, generation: first.3, old))
        #expect(state.response.filter?.result == nil && state.response.filter?.running == true)
        let new = try #require(await FilteredBody.make("$.t", on: second.1))
        _ = state.update(.bodyFiltered(exchange: id, generation: second.3, new))
        #expect(state.response.filter?.running == false)
        #expect(Self.pane(state).contains { $0.contains("JSONPath $.t") && $0.contains("no match") })
        // Esc in the field also returns to the whole body.
        #expect(state.press(.escape).names == ["cancelBodyFilter"])
        #expect(state.response.filter == nil && state.response.filterField == nil)
    }

    @Test("a query that does not parse shows where, with the core's message")
    func located() async throws {
        var (state, _) = try Self.state()
        _ = state.press(.character("f"))
        _ = try await Self.type("$.items[?@.id ==]", in: &state)
        let lines = Self.pane(state)
        let query = try #require(lines.firstIndex { $0.contains("$.items[?@.id ==]") && !$0.contains("JSONPath") })
        #expect(lines[query + 1].contains("^"))
        #expect(lines[query + 2].contains("invalid JSONPath at column"))
        #expect(lines.contains { $0.contains("invalid query") })
    }

    @Test("a big body: an evaluation cancelled by a newer keystroke gives nothing; the parsed body is shared")
    func cancelled() async throws {
        let items = (0..<10_000).map { #"{"id": \#($0), "name": "item \#($0)"}"# }.joined(separator: ",")
        let document = BodyDocument.make(bytes: Data("[\(items)]".utf8), contentType: "application/json")
        let stale = Task { await FilteredBody.make("$..name", on: document) }
        stale.cancel()
        #expect(await stale.value == nil)
        let result = try #require(await FilteredBody.make("$[9999].id", on: document))
        #expect(try result.get().filter.summary == "1 match")
        #expect(String(decoding: try result.get().filter.result, as: UTF8.self) == "[9999]")
    }

    @Test("a body that is not JSON is not filtered, and says why")
    func notJSON() throws {
        var (state, _) = try Self.state(json: "plain words", contentType: "text/plain")
        _ = state.press(.character("f"))
        #expect(state.response.filterField == nil)
        // Said in a field that takes what is typed next, so a query typed at once runs no commands (issue 25).
        guard case .prompt(let prompt)? = state.overlay else {
            Issue.record("expected the refusal's field")
            return
        }
        #expect(prompt.title.hasPrefix("the body is not JSON: a JSONPath filter needs a JSON body"))
    }
}
