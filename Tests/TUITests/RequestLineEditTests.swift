import Foundation
import Testing

@testable import ExplorerCore
@testable import TUI

/// Changing the method (`M`: the picker, `c` types any token) and the path or URL (`u`) of the selected endpoint in
/// the editor, sent at once and saved by `s` through the core's writer.
@Suite("Editing the method and URL")
struct RequestLineEditTests {
    /// `u` then the new path, or `M`, `c` (any token) then the new method.
    private func retype(_ state: inout AppState, _ key: Character, _ text: String) {
        _ = state.press(.character(key))
        if key == "M" { _ = state.press(.character("c")) }
        _ = state.press(.control("u"))
        state.type(text)
        _ = state.press(.enter)
    }

    @Test("M and u change the draft's method and path; new placeholders get rows; the preview follows")
    func editsTheRequestLine() throws {
        var state = Fixtures.smallState(width: 120, height: 30)
        state.select("items.get")
        state.focus = .editor
        retype(&state, "M", "delete")
        retype(&state, "u", "/things/{id}")
        let key = try #require(state.selectedKey)
        let draft = try #require(state.draft(for: key))
        #expect(draft.method == .delete)
        #expect(draft.path == "/things/{id}")
        let endpoint = draft.endpoint(from: try #require(state.selectedEndpoint))
        #expect(endpoint.method == .delete && endpoint.path.raw == "/things/{id}")
        let screen = Screen.render(state, theme: .monochrome).text
        #expect(screen.contains("DELETE http://127.0.0.1:9000/things/7"))
        // The list shows the method the request goes with, before it is saved.
        #expect(screen.contains("DELETE items.get"))
        // The send goes with the edits.
        guard let plan = state.press(.control("r")).first?.sent?.exchange.request else {
            Issue.record("expected a send")
            return
        }
        #expect(plan.request.method == .delete)
    }

    @Test("a new {placeholder} in the path gets a row to fill in")
    func newPlaceholderRow() throws {
        var state = Fixtures.smallState(width: 120, height: 30)
        state.select("items.get")
        state.focus = .editor
        retype(&state, "u", "/things/{thing}/{id}")
        let key = try #require(state.selectedKey)
        let draft = try #require(state.draft(for: key))
        #expect(draft.params.map(\.name) == ["id", "thing"])
        #expect(draft.params[1].value.isEmpty && !draft.params[1].enabled)
        // The URL line shows the path with the unfilled placeholder and where to fill it, not a cut-off error.
        let line = try #require(
            Screen.render(state, theme: .monochrome).lines.first { $0.contains("GET ") && $0.contains("{thing}") })
        #expect(line.contains("/things/{thing}/{id}  fill {thing} in Params"), "\(line)")
    }

    @Test("any token is a method (saved with custom_method); what is not a token is refused; Esc leaves it as it was")
    func customMethod() throws {
        var state = Fixtures.smallState()
        state.select("items.get")
        state.focus = .editor
        retype(&state, "M", "PO TS")
        #expect(state.message?.isError == true)
        #expect(state.message?.text.contains("is not a method") == true)
        // The field stays open with the text; Esc asks first (a change would be lost): n goes back to the text,
        // Esc and y go back to the list, Esc again closes the picker.
        _ = state.press(.escape)
        #expect(Screen.render(state, theme: .monochrome).text.contains("Discard the method you typed?"))
        _ = state.press(.character("n"))
        guard case .picker(let picker)? = state.overlay else {
            Issue.record("expected the picker, got \(String(describing: state.overlay))")
            return
        }
        #expect(picker.custom?.text == "PO TS", "n answered the question; it was not typed")
        _ = state.press(.escape, .character("y"))
        guard case .picker(let list)? = state.overlay, list.custom == nil else {
            Issue.record("expected the picker's list, got \(String(describing: state.overlay))")
            return
        }
        _ = state.press(.escape)
        #expect(state.overlay == nil)
        let key = try #require(state.selectedKey)
        #expect(state.draft(for: key)?.method == .get)
        retype(&state, "M", "purge")
        #expect(state.draft(for: key)?.method.rawValue == "PURGE")
        #expect(state.message?.text.contains("custom_method: true") == true)
    }

    @Test("s saves the new method and path into the profile file, which loads back with them")
    func savesThroughTheWriter() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("apix-line-\(UUID())").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let file = directory + "/shop.yaml"
        try """
        name: Shop
        environments:
          dev: { base_url: "http://127.0.0.1:9000" }
        endpoints:
          - id: items.get
            path: /items/{id}
            params: { id: 7 }
          - id: health
            path: /health
        """.write(toFile: file, atomically: true, encoding: .utf8)
        var state = AppState(
            catalog: ProfileLoader.load(directory: directory), profileDirectory: directory, processEnvironment: [:],
            width: 120, height: 30, now: Fixtures.start)
        state.select("items.get")
        state.focus = .editor
        retype(&state, "M", "PUT")
        retype(&state, "u", "/v2/items/{id}")
        guard case .saveProfile(let profile)? = state.press(.character("s")).first else {
            Issue.record("expected a save")
            return
        }
        let saved = try await CoreProfileSaver().save(profile).profile
        let endpoint = try #require(saved.endpoint("items.get"))
        #expect(endpoint.method == .put && endpoint.path.raw == "/v2/items/{id}")
        let text = try String(contentsOfFile: file, encoding: .utf8)
        #expect(text.contains("method: PUT") && text.contains("/v2/items/{id}"))
        #expect(saved.endpoint("health")?.path.raw == "/health")
    }

    @Test("a query typed into the URL becomes query rows (decoded; a row of the same name takes the value), not path")
    func typedQueryBecomesRows() throws {
        var state = Fixtures.smallState(width: 120, height: 30)
        state.select("items.get")
        state.focus = .editor
        retype(&state, "u", "/things/{id}?color=dark+blue&tag=a%26b&color=red&flag")
        let key = try #require(state.selectedKey)
        let draft = try #require(state.draft(for: key))
        #expect(draft.path == "/things/{id}")
        let typed = draft.query.filter { ["color", "tag", "flag"].contains($0.name) }
        #expect(typed.map(\.name) == ["color", "tag", "color", "flag"])
        #expect(typed.map(\.value) == ["dark blue", "a&b", "red", ""])
        #expect(typed.allSatisfy { $0.enabled })
        // Typed again with one value: the existing row takes it, no duplicate.
        retype(&state, "u", "/things/{id}?tag=z")
        let again = try #require(state.draft(for: key))
        #expect(again.query.filter { $0.name == "tag" }.map(\.value) == ["z"])
        // u shows the whole URL, query included; `&b=2` typed at its end is a query row, not part of the path.
        _ = state.press(.character("u"))
        guard let edit = state.fieldEdit else {
            Issue.record("u did not open the URL field")
            return
        }
        #expect(edit.field.text == "/things/{id}?tag=z")
        state.type("&b=2")
        _ = state.press(.enter)
        let third = try #require(state.draft(for: key))
        #expect(third.path == "/things/{id}")
        #expect(third.query.filter(\.enabled).map { "\($0.name)=\($0.value)" } == ["tag=z", "b=2"])
        let endpoint = again.endpoint(from: try #require(state.selectedEndpoint))
        #expect(endpoint.path.raw == "/things/{id}")
        #expect(endpoint.query.contains { $0.name == "tag" && $0.values?.map(\.raw) == ["z"] })
    }
}
