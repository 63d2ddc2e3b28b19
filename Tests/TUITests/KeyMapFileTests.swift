import Foundation
import TestSupport
import Testing

@testable import ExplorerCore
@testable import TUI

/// `keys.yaml`: rebinding any action, and located errors that leave the defaults (issue 25).
@Suite("Key map file")
struct KeyMapFileTests {
    @Test("a rebinding replaces the action's keys, takes the key from whatever had it, and drives update")
    func rebinds() {
        let text = """
            # my keys
            global:
              send: [Ctrl-R, F5]   # Enter no longer sends from the list
              save-profile: Ctrl-S
            list:
              move-down: [j, Down, n]
              collapse-all: z
            """
        let (map, problems) = KeyMapFile.parse(text, path: "/home/u/.config/apix/keys.yaml")
        #expect(problems.isEmpty, "\(problems)")
        #expect(map.command(for: .function(5), in: .list) == .send)
        #expect(map.command(for: .enter, in: .list) == nil)
        #expect(map.command(for: .control("s"), in: .editor) == .saveProfile)
        #expect(map.command(for: .character("s"), in: .editor) == nil)
        #expect(map.command(for: .character("n"), in: .list) == .moveDown)
        #expect(map.command(for: .character("z"), in: .list) == .collapseAll)
        #expect(map.command(for: .character("-"), in: .list) == nil)
        // Untouched contexts keep their defaults.
        #expect(map.command(for: .character("n"), in: .response) == .nextMatch)

        var state = Fixtures.smallState()
        state.useKeyMap(map, problems: problems)
        _ = state.press(.character("z"))
        #expect(state.rows == [.profile(0)])
        _ = state.press(.character("+"))
        state.select("health")
        #expect(state.press(.enter).names.isEmpty)
        #expect(state.press(.function(5)).names.contains("send"))
        // The palette and the footer say the new keys.
        _ = state.press(.control("p"))
        state.type("fold every")
        let frame = Screen.render(state, theme: .monochrome).lines
        #expect(frame.contains { $0.contains("fold every profile and folder") && $0.contains(" z ") })
        #expect(KeyMap.markdownTable(of: map).contains("| Endpoint list | `z` | `collapse-all` |"))
    }

    @Test(
        "a bad file gives located problems and the whole default map",
        arguments: [
            ("global:\n  sned: x\n", "keys.yaml:2:3: unknown action `sned` in global; did you mean `send`?"),
            ("lists:\n  collapse-all: z\n", "keys.yaml:1:1: unknown context `lists`; did you mean `list`?"),
            ("list:\n  collapse-all: Ctrl-Shift-Q\n", "keys.yaml:2:17: `Ctrl-Shift-Q` is not a key"),
            ("list:\n  collapse-all: z\n  expand-all: z\n", "keys.yaml:3:15: z is given to both"),
            (
                "global:\n  save-profile: Ctrl-S\nlist:\n  collapse-all: Ctrl-S\n",
                "keys.yaml:4:17: Ctrl-S is given to `save-profile` everywhere and to `collapse-all` in list"
            ),
            (
                "editor:\n  next-tab: Ctrl-S\nglobal:\n  save-profile: Ctrl-S\n",
                "keys.yaml:2:13: Ctrl-S is given to `save-profile` everywhere and to `next-tab` in editor"
            ),
            ("global: [send]\n", "keys.yaml:1:9: `global` is a mapping of actions to keys"),
            ("global:\n  send: [Enter\n", "keys.yaml:3:1: not YAML"),
            ("text-field:\n  confirm: x\n", "keys.yaml:1:1: text fields' keys are fixed"),
        ])
    func badFiles(text: String, expected: String) {
        let (map, problems) = KeyMapFile.parse("history:\n  resend: Q\n" + text, path: "keys.yaml")
        #expect(problems.count == 1, "\(problems)")
        // The problem's line counts from the file's first line (the two lines added above it shift it by 2).
        let shifted = problems.first.map { p in
            ProfileProblem(
                p.message,
                at: SourceLocation(file: p.location.file, line: p.location.line - 2, column: p.location.column))
        }
        #expect(shifted?.description.hasPrefix(expected) == true, "\(String(describing: problems.first))")
        // The defaults, whole: the good `resend: Q` above is not applied either.
        #expect(map.command(for: .character("r"), in: .history) == .resend)
        #expect(map.command(for: .character("Q"), in: .history) == nil)
    }

    @Test(
        "an empty file is the defaults; the file is found under XDG_CONFIG_HOME, else ~/.config; problems show with p")
    func locationAndProblems() throws {
        #expect(KeyMapFile.parse("# nothing yet\n", path: "k").problems.isEmpty)
        #expect(KeyMapFile.path(environment: ["XDG_CONFIG_HOME": "/x", "HOME": "/h"]) == "/x/apix/keys.yaml")
        #expect(KeyMapFile.path(environment: ["HOME": "/h"]) == "/h/.config/apix/keys.yaml")
        let directory = try TemporaryDirectory()
        try FileManager.default.createDirectory(atPath: directory.path + "/apix", withIntermediateDirectories: true)
        try directory.write("apix/keys.yaml", "list:\n  colapse-all: z\n")
        let (map, problems) = KeyMapFile.load(environment: ["XDG_CONFIG_HOME": directory.path])
        #expect(
            problems.map(\.description) == [
                "\(directory.path)/apix/keys.yaml:2:3: unknown action `colapse-all` in list; did you mean `collapse-all`?"
            ])
        var state = Fixtures.smallState(width: 120, height: 30)
        state.useKeyMap(map, problems: problems)
        #expect(
            state.message?.text
                == "keys.yaml: default keys in use (p lists why): 2:3: unknown action `colapse-all` in list; did you "
                + "mean `collapse-all`?")
        let text = Screen.render(state, theme: .monochrome).text
        #expect(text.contains("⚠ 1 problem (p)"))
        _ = state.press(.character("p"))
        #expect(Screen.render(state, theme: .monochrome).text.contains("unknown action `colapse-all`"))
    }

    @Test("every label help shows reads back as its key, and every action has a distinct name")
    func namesRoundTrip() {
        for binding in KeyMap.bindings {
            for key in binding.keys { #expect(Key(name: key.label) == key, "\(key.label)") }
        }
        #expect(Key(name: "ctrl+r") == .control("r"))
        #expect(Key(name: "C-x") == .control("x"))
        #expect(Key(name: "pagedown") == .pageDown)
        #expect(Key(name: "Ctrl-") == nil)
        #expect(KeyCommand.editURL.name == "edit-url")
        #expect(KeyCommand.sendBypassingCache.name == "send-bypassing-cache")
        #expect(KeyCommand.selectResponseTab(.raw).name == "select-response-tab-raw")
        var seen: [String: KeyCommand] = [:]
        for binding in KeyMap.bindings {
            if let other = seen[binding.command.name] { #expect(other == binding.command) }
            seen[binding.command.name] = binding.command
        }
    }
}
