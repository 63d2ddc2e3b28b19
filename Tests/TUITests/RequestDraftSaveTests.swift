import Foundation
import Testing

@testable import ExplorerCore
@testable import TUI

/// What `s` hands the writer after editing (issue 12): rows of one name, unticked rows, JSON bodies.
@Suite("Request drafts turn back into what the profile means")
struct RequestDraftSaveTests {
    static let endpoint = Endpoint(
        id: "search", path: "/search",
        query: [Parameter("q", "hello"), Parameter("page", "1"), Parameter(name: "tag", values: ["a", "b"])],
        headers: [Parameter("X-Trace", "t1"), Parameter("X-Env", nil)])

    @Test("rows of one name become one parameter with its values in order")
    func repeatedNames() {
        var draft = RequestDraft(endpoint: Self.endpoint)
        #expect(draft.query.map(\.name) == ["q", "page", "tag", "tag"])
        draft.query[2].value = "c"
        let edited = draft.endpoint(from: Self.endpoint)
        #expect(edited.query.map(\.name) == ["q", "page", "tag"])
        #expect(edited.query[2].values?.map(\.raw) == ["c", "b"])
    }

    @Test("an unticked row keeps its value, and the draft comes back the same from what it saves")
    func untickedRowsKeepValues() {
        var draft = RequestDraft(endpoint: Self.endpoint)
        draft.query[1].enabled = false
        draft.query[3].enabled = false
        draft.headers[0].enabled = false
        let edited = draft.endpoint(from: Self.endpoint)
        #expect(edited.query[1].values == nil)
        #expect(edited.query[1].disabledValues.map(\.raw) == ["1"])
        #expect(edited.query[2].values?.map(\.raw) == ["a"])
        #expect(edited.query[2].disabledValues.map(\.raw) == ["b"])
        #expect(edited.headers[0].disabledValues.map(\.raw) == ["t1"])
        #expect(RequestDraft(endpoint: edited) == draft)
    }

    @Test("a null header stays null (it removes the inherited header); a lone unticked empty query row is null")
    func nullsStayNull() {
        var draft = RequestDraft(endpoint: Self.endpoint)
        #expect(draft.headers[1] == DraftRow(name: "X-Env", value: "", enabled: true))
        draft.query.append(DraftRow(name: "limit", value: "", enabled: false))
        let edited = draft.endpoint(from: Self.endpoint)
        #expect(edited.headers[1].values == nil && edited.headers[1].disabledValues.isEmpty)
        #expect(edited.query[3].values == nil && edited.query[3].disabledValues.isEmpty)
    }

    @Test("a JSON body edited as text is saved as structure when it parses (order, types, variables); sent as typed")
    func jsonBody() {
        let text = #"{ "added": "{{user}}", "n": 2.50, "ok": true, "name": "apix" }"#
        let draft = BodyDraft(kind: .json, text: text)
        #expect(draft.template == .json(.string(Template(text))))
        #expect(
            draft.savedTemplate
                == .json(
                    .object([
                        .init(key: "added", value: .string("{{user}}")), .init(key: "n", value: .number("2.50")),
                        .init(key: "ok", value: .bool(true)), .init(key: "name", value: .string("apix")),
                    ])))
        #expect(
            BodyDraft(kind: .json, text: #"{"n": {{count}}}"#).savedTemplate == .json(.string(#"{"n": {{count}}}"#)))
    }

    @Test("a null header shows as ticked and says it removes the inherited header")
    func nullHeaderIsShownAsRemoving() throws {
        let profile = Profile(
            id: "shop", file: "/tmp/shop.yaml", environments: [ProfileEnvironment(name: "dev", baseURL: "http://h")],
            headers: [Parameter("X-Env", "dev")], endpoints: [Self.endpoint])
        var state = AppState(
            catalog: ProfileCatalog(profiles: [profile]), processEnvironment: [:], width: 100, height: 30,
            now: Fixtures.start)
        state.select("search")
        _ = state.press(.tab, .character("3"))
        let lines = Screen.render(state, theme: .monochrome).lines
        #expect(lines.contains { $0.contains("│[x] X-Trace   t1 ") })
        #expect(lines.contains { $0.contains("│[x] X-Env     (removes the inherited header) ") })
        #expect(try state.prepare(state.selectedKey!).get().request.headers["X-Env"] == nil)
    }
}
