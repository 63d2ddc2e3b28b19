import Foundation
import Testing

@testable import ExplorerCore
@testable import TUI

@Suite("update is pure; the request preview is built when its inputs change, never when drawing")
struct UpdatePurityTests {
    static let yaml = """
        name: Uploads
        default_environment: local
        environments:
          local: { base_url: "http://127.0.0.1:8080" }
        endpoints:
          - id: upload
            method: POST
            path: /files/report.csv
            body: { multipart: { note: hello, doc: "@missing/nothing-here.bin" } }
            download: { to: out }
        """

    /// Sends the upload endpoint from a fresh state: the frame drawn afterwards and the plan `update` produced.
    static func send(in directory: String) throws -> (frame: ScreenBuffer, plan: RequestPlan) {
        let catalog = ProfileLoader.load(directory: directory)
        #expect(catalog.problems.isEmpty)
        var state = AppState(
            catalog: catalog, profileDirectory: directory, processEnvironment: [:], width: 100, height: 30,
            now: Fixtures.start, workingDirectory: "/nowhere", homeDirectory: "/nohome")
        state.select("upload")
        let effects = state.press(.enter)
        guard let plan = effects.first?.sent?.exchange.request else {
            throw Failure("expected a send, got \(effects.names)")
        }
        return (Screen.render(state), plan)
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }

    @Test("a multipart send naming a missing file is the same twice, and update asks the file system nothing")
    func deterministicSend() throws {
        let directory = NSTemporaryDirectory() + "apix-pure-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try Self.yaml.write(toFile: directory + "/uploads.yaml", atomically: true, encoding: .utf8)

        let first = try Self.send(in: directory)
        // The download target becomes a directory between the two: an update that looked would now differ.
        try FileManager.default.createDirectory(atPath: directory + "/out", withIntermediateDirectories: false)
        let second = try Self.send(in: directory)
        #expect(first.plan == second.plan)
        #expect(first.frame == second.frame)
        #expect(first.plan.drawsBoundary)
        #expect(first.plan.request.options.downloadTo == directory + "/out")
        #expect(!FileManager.default.fileExists(atPath: directory + "/missing"))
        // What the file system says is settled at the send, by the effect runner's client.
        #expect(first.plan.prepared().options.downloadTo == directory + "/out/report.csv")
    }

    @Test("time arrives with the action: a send records the moment it was given, a tick its own")
    func timeFromActions() throws {
        var state = Fixtures.demoState()
        state.select("todos.get")
        let moment = Moment(uptime: 12_345, date: Date(timeIntervalSince1970: 42))
        let effects = state.update(.keyPressed(.enter), at: moment)
        guard let id = effects.first?.sent?.id else {
            Issue.record("expected a send, got \(effects.names)")
            return
        }
        #expect(state.now == moment)
        #expect(state.exchanges[id]?.startedAt == 12_345)
        let tick = Moment(uptime: 12_346, date: Date(timeIntervalSince1970: 43))
        _ = state.update(.ticked(tick), at: moment)
        #expect(state.now == tick)
    }

    @Test("the built-in editor opens through an action, on the text the runtime passes")
    func builtInEditorAction() {
        var state = Fixtures.smallState()
        state.select("items.create")
        let key = EndpointKey(profile: "shop", endpoint: "items.create")
        _ = state.update(.builtInEditorRequested(key, text: "{\"name\": \"ink\"}"))
        guard case .bodyEditor(let editor)? = state.overlay else {
            Issue.record("expected the body editor, got \(String(describing: state.overlay))")
            return
        }
        #expect(editor.key == key)
        #expect(editor.editor.text == "{\"name\": \"ink\"}")
    }

    @Test("drawing a frame shows the stored preview and builds no request")
    func renderReadsPreview() throws {
        var state = Fixtures.smallState()
        state.select("items.list")
        #expect(state.requestPreview?.url == "http://127.0.0.1:9000/items?page=1")
        // A preview no build could produce: a frame that built the request would show the real URL instead.
        state.requestPreview?.result = .success(RequestPlan(request: PreparedRequest(url: "http://sentinel.test/x")))
        let frame = Screen.render(state)
        #expect(frame.text.contains("http://sentinel.test/x"))
        #expect(!frame.text.contains("127.0.0.1:9000/items"))
    }

    @Test("the preview is rebuilt on a selection, an edit or an environment switch, and kept on other keys")
    func previewOnChange() throws {
        var state = Fixtures.smallState()
        state.select("items.list")
        state.requestPreview?.result = .success(RequestPlan(request: PreparedRequest(url: "http://sentinel.test/x")))
        // Keys that change nothing a request is built from keep the preview as it is.
        _ = state.press(.tab, .tab, .down, .tab)
        #expect(state.requestPreview?.url == "http://sentinel.test/x")
        // Environment switch.
        _ = state.press(.character("e"), .down, .enter)
        #expect(state.requestPreview?.url == "https://shop.example/items?page=1")
        // An edit of the query row's value.
        _ = state.press(.tab, .character("2"), .enter, .control("u"))
        state.type("3")
        _ = state.press(.enter)
        #expect(state.requestPreview?.url == "https://shop.example/items?page=3")
        // Another endpoint.
        _ = state.press(.tab, .tab, .down)
        #expect(state.requestPreview?.inputs.key == state.selectedKey)
        #expect(state.requestPreview?.url == "https://shop.example/items/7")
    }
}
