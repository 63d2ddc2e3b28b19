import Foundation
import TestSupport
import Testing

@testable import ExplorerCore
@testable import TUI

/// Copying from the response pane: what each key copies, secrets masked in the curl unless revealed, the OSC 52
/// bytes the terminal gets, and the status bar's word on how it was copied.
@Suite("Copy")
@MainActor
struct CopyTests {
    /// The small profile with basic auth whose password is a variable, after a send of `items.get`.
    private func answered() throws -> AppState {
        var catalog = Fixtures.smallCatalog(auth: .basic(username: "u", password: "{{password}}"))
        catalog.profiles[0].variables["password"] = "secret-pw"
        var state = AppState(
            catalog: catalog, profileDirectory: "/tmp", processEnvironment: [:], width: 140, height: 40,
            now: Fixtures.start)
        state.select("items.get")
        _ = state.press(.enter)
        let id = try #require(state.shownExchange?.id)
        _ = state.update(.exchangeFinished(exchange: id, .success(Fixtures.jsonResponse(#"{"a":1}"#)), at: 101))
        state.focus = .response
        return state
    }

    private func copied(_ effects: [Effect]) -> Clipboard.Clip? {
        guard case .copy(let clip)? = effects.first else { return nil }
        return clip
    }

    @Test("y copies the body, U the URL, H the header at the top of the Headers tab")
    func whatEachKeyCopies() throws {
        var state = try answered()
        guard case .body(let response)? = copied(state.press(.character("y"))) else {
            Issue.record("expected the body")
            return
        }
        #expect(try response.body.data() == Data(#"{"a":1}"#.utf8))
        guard case .text(let url, _)? = copied(state.press(.character("U"))) else {
            Issue.record("expected the URL")
            return
        }
        #expect(url == "http://127.0.0.1:9000/items/7")
        _ = state.press(.character("2"))
        guard case .text(let header, _)? = copied(state.press(.character("Y"))) else {
            Issue.record("expected a header")
            return
        }
        #expect(header == "Content-Type: application/json")
        _ = state.press(.character("1"))
        #expect(state.press(.character("Y")).isEmpty)
        #expect(state.message?.isError == true)
    }

    @Test("C copies the request as curl with the password as ${NAME}; after v, in clear")
    func curlMasksSecrets() throws {
        var state = try answered()
        guard case .text(let masked, let what)? = copied(state.press(.character("C"))) else {
            Issue.record("expected a curl line")
            return
        }
        #expect(masked.hasPrefix("curl "))
        #expect(masked.contains("http://127.0.0.1:9000/items/7"))
        #expect(masked.contains("${") && !masked.contains("secret-pw"))
        #expect(what.contains("secrets as ${NAME}"))
        _ = state.press(.character("V"))
        guard case .text(let revealed, _)? = copied(state.press(.character("C"))) else {
            Issue.record("expected a curl line")
            return
        }
        #expect(revealed.contains("secret-pw"))
    }

    @Test("the terminal gets OSC 52 with the text in base64; the status bar says how it was copied")
    func osc52() async throws {
        let backend = HeadlessBackend(width: 80, height: 24)
        let inbox = Inbox()
        Clipboard.copy(.text("héllo", what: "the URL"), on: backend, inbox: inbox)
        var actions: [Action] = []
        for _ in 0..<500 where actions.isEmpty {
            try await Task.sleep(for: .milliseconds(10))
            actions = inbox.drain()
        }
        #expect(backend.controlSequences == [Array("\u{1B}]52;c;aMOpbGxv\u{07}".utf8)])
        guard case .copied(let what, let via, nil)? = actions.first else {
            Issue.record("expected .copied, got \(actions)")
            return
        }
        #expect(what == "the URL" && via.first == "OSC 52")
        var state = try answered()
        _ = state.update(.copied(what: what, via: ["OSC 52", "xclip"], error: nil))
        #expect(state.message?.text == "copied the URL (OSC 52, xclip)")
    }

    @Test("clipboard programs are used only when on PATH with their display")
    func tools() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("apix-clip-\(UUID())").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        for name in ["xclip", "wl-copy"] {
            _ = FileManager.default.createFile(
                atPath: directory + "/" + name, contents: Data("#!/bin/sh\ncat >/dev/null\n".utf8),
                attributes: [.posixPermissions: 0o755])
        }
        #expect(Clipboard.tools(environment: ["PATH": directory]).isEmpty)
        #expect(Clipboard.tools(environment: ["PATH": directory, "DISPLAY": ":0"]).map(\.name) == ["xclip"])
        #expect(
            Clipboard.tools(environment: ["PATH": directory, "DISPLAY": ":0", "WAYLAND_DISPLAY": "w"]).map(\.name)
                == ["wl-copy", "xclip"])
    }

    @Test("a clipboard program that does not read what it is given is not waited on forever, nor counted as used")
    func programThatDoesNotRead() throws {
        let directory = try TemporaryDirectory()
        let input = String(repeating: "x", count: 1 << 17)  // past a pipe's 64 KiB
        for (name, script) in [("exits", "exit 0"), ("sleeps", "sleep 30"), ("reads", "cat >/dev/null")] {
            let path = directory.path + "/" + name
            _ = FileManager.default.createFile(
                atPath: path, contents: Data("#!/bin/sh\n\(script)\n".utf8), attributes: [.posixPermissions: 0o755])
            let started = ContinuousClock.now
            let used = Clipboard.run(path, [], input: input)
            #expect(used == (name == "reads"), "\(name)")
            #expect(ContinuousClock.now - started < .seconds(10), "\(name)")
        }
    }
}
