import Foundation
import Testing

@testable import ExplorerCore
@testable import TUI

/// The command palette, the searchable help and the footer (issue 25): one table, the key map in effect.
@Suite("Command palette, help and footer")
struct PaletteAndHelpTests {
    /// The palette's entries as shown.
    static func entries(_ state: AppState) -> [KeyBinding] {
        guard case .palette(let palette)? = state.overlay else { return [] }
        return state.paletteEntries(palette)
    }

    @Test("Ctrl-P and : open the palette on every pane and global action, each with its key")
    func opens() {
        var state = Fixtures.smallState(width: 120, height: 40)
        _ = state.press(.control("p"))
        guard case .palette? = state.overlay else {
            Issue.record("Ctrl-P did not open the palette")
            return
        }
        let all = Self.entries(state)
        for binding in KeyMap.bindings where PaletteEntries.contexts.contains(binding.context) {
            if binding.command == .editText || binding.command == .showPalette { continue }
            #expect(all.contains(binding), "\(binding.command.name) missing")
        }
        // The focused pane's actions first.
        #expect(all.first?.context == .list)
        let text = Screen.render(state, theme: .monochrome).text
        #expect(text.contains("Commands — Enter runs, Esc closes"))
        #expect(text.contains("previous row"))
        _ = state.press(.escape)
        #expect(state.overlay == nil)
        _ = state.press(.character(":"))
        guard case .palette? = state.overlay else {
            Issue.record(": did not open the palette")
            return
        }
    }

    @Test("at 130 columns the palette shows each description whole up to 90 columns (it was cut at 62)")
    func wideDescriptions() {
        var state = Fixtures.smallState(width: 130, height: 60)
        _ = state.press(.control("p"))
        let lines = Screen.render(state, theme: .monochrome).lines
        let shown = Self.entries(state).prefix(40).filter { TextWidth.width(of: $0.help) <= 90 }
        #expect(shown.count > 20)
        for binding in shown {
            #expect(lines.contains { $0.contains(binding.help) }, "\(binding.help)")
        }
    }

    @Test("typing fuzzy-matches descriptions, names and keys; Enter runs the action in its pane")
    func findsAndRuns() {
        var state = Fixtures.smallState(width: 120, height: 40)
        state.select("items.get")
        _ = state.press(.control("p"))
        state.type("fold every")
        #expect(Self.entries(state).first?.command == .collapseAll)
        let frame = Screen.render(state, theme: .monochrome).lines
        #expect(frame.contains { $0.contains("> fold every") })
        #expect(frame.contains { $0.contains("fold every profile and folder") && $0.contains("endpoint list") })
        _ = state.press(.enter)
        #expect(state.overlay == nil)
        #expect(state.rows == [.profile(0)])

        // An editor action from the list: the focus moves to the editor, then the action runs.
        _ = state.press(.character("+"))
        state.select("items.get")
        _ = state.press(.control("p"))
        state.type("tab headers")
        #expect(Self.entries(state).first?.command == .selectTab(.headers))
        _ = state.press(.enter)
        #expect(state.focus == .editor)
        #expect(state.editorTab == .headers)

        // Arrows move the selection; a query nothing matches says so.
        _ = state.press(.control("p"))
        state.type("copy")
        let copies = Self.entries(state)
        #expect(copies.count >= 4 && copies.allSatisfy { $0.help.lowercased().contains("copy") })
        _ = state.press(.down)
        if case .palette(let palette)? = state.overlay { #expect(palette.selected == 1) }
        state.type("zzzq")
        #expect(Self.entries(state).isEmpty)
        #expect(
            Screen.render(state, theme: .monochrome).text.contains(
                "no action matches · Enter finds endpoints by it (as / does)"))
        // No action to run: Enter finds endpoints by the text instead, as `/` would (it said nothing and stayed).
        _ = state.press(.enter)
        #expect(state.overlay == nil)
        #expect(state.filter.text == "copyzzzq" && !state.isFiltering)
        #expect(state.focus == .list)
    }

    @Test("an endpoint's name typed into the palette: Enter selects it, as / would")
    func paletteFindsEndpoints() {
        var state = Fixtures.smallState()
        state.select("items.get")
        _ = state.press(.tab)  // the editor has the focus
        _ = state.press(.control("p"))
        state.type("health")
        #expect(Self.entries(state).isEmpty)
        _ = state.press(.enter)
        #expect(state.overlay == nil)
        #expect(state.selectedEndpoint?.id == "health")
        #expect(state.focus == .list)
    }

    @Test("? lists the focused pane's keys first; typing searches, Esc clears the search, then closes")
    func helpSearch() {
        var state = Fixtures.smallState(width: 100, height: 40)
        _ = state.press(.tab)  // the editor
        _ = state.press(.character("?"))
        var lines = Screen.render(state, theme: .monochrome).lines
        let editor = lines.firstIndex { $0.contains("Request editor (focused)") }
        let everywhere = lines.firstIndex { $0.contains("Everywhere") }
        #expect(editor != nil && everywhere != nil && editor! < everywhere!)
        state.type("curl")
        lines = Screen.render(state, theme: .monochrome).lines
        #expect(lines.contains { $0.contains("copy the request as a curl command line") })
        #expect(!lines.contains { $0.contains("previous tab") })
        #expect(lines.contains { $0.contains("search: curl") })
        // `?` types into a search; with the search empty it closes.
        _ = state.press(.escape)
        #expect(state.help.search.text.isEmpty)
        if case .help? = state.overlay {} else { Issue.record("Esc with a search closed help") }
        state.type("zzzq")
        #expect(Screen.render(state, theme: .monochrome).text.contains("no key matches “zzzq”"))
        _ = state.press(.escape, .character("?"))
        #expect(state.overlay == nil)
    }

    @Test("the footer: the focused pane's keys, save and the unsaved count when edits are not saved")
    func footer() {
        var state = Fixtures.smallState(width: 160, height: 30)
        state.select("items.get")
        _ = state.press(.tab)
        var bar = Screen.render(state, theme: .monochrome).lines.last ?? ""
        #expect(bar.contains("u url") && bar.contains("M method") && bar.contains("Ctrl-R send"))
        #expect(bar.contains("Ctrl-P commands") && bar.contains("? help"))
        #expect(!bar.contains("unsaved") && !bar.contains("s save"))
        #expect(!bar.contains("cancel"))  // nothing runs
        // An edit: the header row's value.
        _ = state.press(.character("3"), .enter)
        state.type("9")
        _ = state.press(.enter)
        bar = Screen.render(state, theme: .monochrome).lines.last ?? ""
        #expect(bar.contains("✎ 1 unsaved"))
        #expect(bar.contains("s save"))
    }

    @Test("on the Body tab the footer offers the body's keys (edit, type), not rows to add or toggle")
    func footerHintsOnBody() {
        var state = Fixtures.smallState(width: 160, height: 30)
        _ = state.press(.tab, .character("2"))
        var bar = Screen.render(state, theme: .monochrome).lines.last ?? ""
        #expect(bar.contains("+ add") && bar.contains("Space toggle"), "\(bar)")
        _ = state.press(.character("4"))
        bar = Screen.render(state, theme: .monochrome).lines.last ?? ""
        #expect(bar.contains("Enter edit  T type"), "\(bar)")
        #expect(!bar.contains("+ add") && !bar.contains("Space toggle"), "\(bar)")
    }

    @Test("the footer shows only whole hints: one that does not fit is left out, never cut in its middle")
    func footerHintsWhole() {
        for width in 90...140 {
            let state = Fixtures.smallState(width: width, height: 30)
            let bar = Screen.render(state, theme: .monochrome).lines.last ?? ""
            let hints = bar.split(separator: "│").last.map(String.init) ?? ""
            // Every hint is a key and a word; a hint cut in its middle leaves a key with a piece of a word.
            let all = StatusBarView.footerHints(
                state, context: StatusBarView.context(of: state), unsaved: false, running: false)
            for piece in hints.components(separatedBy: "  ") where !piece.trimmingCharacters(in: .whitespaces).isEmpty {
                let trimmed = piece.trimmingCharacters(in: .whitespaces)
                #expect(all.contains(trimmed), "width \(width): \(trimmed) is not a whole hint")
            }
        }
    }

    @Test("help lists every action with a key, and one unbound by keys.yaml as having none")
    func helpShowsEffectiveMap() {
        let (map, problems) = KeyMapFile.parse("global:\n  show-history: []\n  quit: Q\n", path: "/k.yaml")
        #expect(problems.isEmpty)
        var state = Fixtures.smallState(width: 100, height: 200)
        state.useKeyMap(map, problems: problems)
        _ = state.press(.character("?"))
        let text = Screen.render(state, theme: .monochrome).text
        #expect(text.contains(TextWidth.pad("(no key)", to: 24) + "  history: the selected endpoint"))
        #expect(text.contains(TextWidth.pad("Q", to: 24) + "  quit (asks first"))
    }
}
