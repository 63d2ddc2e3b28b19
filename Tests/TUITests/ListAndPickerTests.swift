import Foundation
import Testing

@testable import ExplorerCore
@testable import TUI

/// The endpoint list, the environment picker and the help screen (issue 12, items 8 and 16).
@Suite("Endpoint names and descriptions, the environment picker, help and the filter's selection")
struct ListAndPickerTests {
    @Test("the list shows each endpoint's name after its id, as much as fits")
    func namesInTheList() {
        let state = Fixtures.demoState(width: 120, height: 40)
        let lines = Screen.render(state, theme: .monochrome).lines
        #expect(lines.contains { $0.contains("│    GET    todos.get  Get one todo    │") })
        #expect(lines.contains { $0.contains("│    PUT    todos.update  Replace a to…│") })
        // No name of its own: the id alone.
        let small = Screen.render(Fixtures.smallState(width: 80, height: 18), theme: .monochrome).lines
        #expect(small.contains { $0.contains("│  GET    health           │") })
    }

    @Test("Space on an endpoint row sends nothing (it toggles folders only); on a folder row it folds (issue 25)")
    func spaceNeverSends() {
        var state = Fixtures.smallState()
        state.select("items.get")
        // Enter would send it (no credentials needed); Space does not.
        #expect(!state.press(.character(" ")).names.contains("send"))
        #expect(state.exchanges.isEmpty)
        #expect(state.selectedEndpoint?.id == "items.get")
        // On the folder or profile row above, Space still folds it.
        while case .endpoint? = state.selectedListRow { _ = state.press(.up) }
        let rows = state.rows.count
        _ = state.press(.character(" "))
        #expect(state.rows.count < rows)
    }

    @Test("the list title counts the endpoints loaded, folded or not; with a filter, the ones it matches (issue 25)")
    func titleCountsFoldedEndpoints() {
        var state = Fixtures.demoState(width: 120, height: 40)
        let total = state.profiles.reduce(0) { $0 + $1.endpoints.count }
        for profile in state.profiles { state.collapsed.insert(AppState.profileKey(profile.id)) }
        state.rebuildRows()
        #expect(!state.rows.contains { if case .endpoint = $0 { true } else { false } })
        #expect(Screen.render(state, theme: .monochrome).lines.contains { $0.contains("Endpoints (\(total))") })
        _ = state.press(.character("/"))
        state.type("todos.get")
        let matching = state.rows.filter { if case .endpoint = $0 { true } else { false } }.count
        #expect(matching > 0 && matching < total)
        #expect(Screen.render(state, theme: .monochrome).lines.contains { $0.contains("Endpoints (\(matching))") })
    }

    @Test("the request editor is titled with the endpoint's name and shows its description")
    func descriptionInTheEditor() {
        var state = Fixtures.demoState(width: 120, height: 40)
        state.select("todos.get")
        let lines = Screen.render(state, theme: .monochrome).lines
        #expect(lines[1].contains("┌─ Request — Get one todo ─"))
        #expect(lines[3].contains("│ One todo by id; `expand` is listed but only sent when you give it a value."))
        #expect(lines[4].contains("│ 1 Params(1)  2 Query(1)  3 Headers(1)  4 Body"))
    }

    @Test("endpoints without a folder come first, then each folder in order of first appearance, even interleaved")
    func foldersGroupedInOrder() throws {
        let yaml = """
            environments: { local: { base_url: "http://127.0.0.1:9" } }
            endpoints:
              - { id: a1, path: /a1, folder: A }
              - { id: b1, path: /b1, folder: B }
              - { id: loose, path: /loose }
              - { id: a2, path: /a2, folder: A }
              - { id: c1, path: /c1, folder: C }
              - { id: b2, path: /b2, folder: B }
            """
        let profile = try ProfileLoader.parse(yaml: yaml, file: "/tmp/grouped.yaml", id: "grouped").get()
        var state = AppState(catalog: ProfileCatalog(profiles: [profile]), processEnvironment: [:])
        func listed() -> [String] {
            state.rows.map { row in
                switch row {
                case .profile: "profile"
                case .folder(_, let name): "[\(name)]"
                case .endpoint(_, let index): profile.endpoints[index].id
                }
            }
        }
        #expect(listed() == ["profile", "loose", "[A]", "a1", "a2", "[B]", "b1", "b2", "[C]", "c1"])
        state.collapsed.insert(AppState.folderKey("grouped", "B"))
        state.rebuildRows()
        #expect(listed() == ["profile", "loose", "[A]", "a1", "a2", "[B]", "[C]", "c1"])
    }

    @Test("the filter matches descriptions too")
    func filterMatchesDescriptions() {
        var state = Fixtures.demoState()
        _ = state.press(.character("/"))
        state.type("only sent when")
        #expect(state.selectedKey?.endpoint == "todos.get")
    }

    @Test("the environment picker shows base URLs with variables filled in and secrets masked")
    func pickerResolvesBaseURLs() {
        let profile = Profile(
            id: "shop", file: "/tmp/shop.yaml", defaultEnvironment: "dev",
            environments: [
                ProfileEnvironment(name: "dev", baseURL: "http://127.0.0.1:{{port}}"),
                ProfileEnvironment(
                    name: "prod", baseURL: "https://{{tenant}}.shop.example/{{key}}",
                    variables: ["tenant": "acme", "key": "s3cret"]),
                ProfileEnvironment(name: "broken", baseURL: "http://{{nowhere}}"),
            ],
            variables: ["port": "9000"], secretNames: ["key"], endpoints: [Endpoint(id: "health", path: "/health")])
        var state = AppState(
            catalog: ProfileCatalog(profiles: [profile]), variables: ["port": "9100"], processEnvironment: [:],
            width: 100, height: 30, now: Fixtures.start)
        _ = state.press(.character("e"))
        let text = Screen.render(state, theme: .monochrome).text
        #expect(text.contains("● dev  http://127.0.0.1:9100 "))
        #expect(text.contains("  prod  https://acme.shop.example/•••• "))
        #expect(text.contains("  broken  http://{{nowhere}} "))
        #expect(!text.contains("s3cret"))
    }

    @Test("help lines too long for the box continue under their text instead of being cut")
    func helpWraps() {
        var state = Fixtures.smallState(width: 80, height: 40)
        _ = state.press(.character("?"))
        _ = state.press(.pageDown)
        let lines = (0...HelpView.maxTop(width: 80, height: 40)).flatMap { top -> [String] in
            state.overlay = .help(top: top)
            return Screen.render(state, theme: .monochrome).lines
        }
        let first = lines.firstIndex { $0.contains("send bypassing the cache (ask the server even") }
        #expect(first != nil)
        if let first {
            #expect(lines[first + 1].contains("│                             when a fresh answer is stored)"))
        }
        #expect(HelpView.lines(columns: 73).allSatisfy { TextWidth.width(of: $0.text) <= 73 })
    }

    @Test("as the query changes the best match is selected; else the first match")
    func filterSelection() {
        var state = Fixtures.demoState()
        state.select("echo.get")
        _ = state.press(.character("/"))
        state.type("echo")
        #expect(state.selectedKey?.endpoint == "echo.get")
        state.type(".p")
        #expect(state.selectedKey?.endpoint == "echo.post")
        // Back to `echo`: ranked again, the closest id (`echo.get`, shorter) is the best match.
        _ = state.press(.backspace, .backspace)
        #expect(state.selectedKey?.endpoint == "echo.get")
        // With the profile's row selected, the first match, not the profile.
        _ = state.press(.escape)
        _ = state.press(.home)
        #expect(state.selectedListRow == .profile(0))
        _ = state.press(.character("/"))
        state.type("echo")
        #expect(state.selectedKey?.endpoint == "echo.get")
    }

    @Test("after a save reorders a profile's endpoints, the same endpoint stays selected")
    func saveKeepsSelection() {
        var state = Fixtures.smallState()
        state.select("items.get")
        var profile = state.profiles[0]
        profile.endpoints.reverse()
        _ = state.update(.profileSaved(profile: "shop", saved: profile, error: nil))
        #expect(state.selectedKey?.endpoint == "items.get")
    }
}
