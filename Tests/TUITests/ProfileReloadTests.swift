import Foundation
import Testing

@testable import ExplorerCore
@testable import TUI

/// Profiles changed on disk by another program (`Action.profileFilesChanged`), as `update` takes them in.
@Suite("Profiles that change on disk")
struct ProfileReloadTests {
    private let file = "/tmp/shop.yaml"

    private func shop(_ state: AppState) throws -> Profile { try #require(state.catalog.profile("shop")) }

    private func changed(_ outcome: ProfileFileChange.Outcome, id: String = "shop", file: String? = nil) -> Action {
        .profileFilesChanged([ProfileFileChange(id: id, file: file ?? self.file, outcome: outcome)])
    }

    /// Edits `items.get`'s path in the editor, unsaved.
    private func editPath(_ state: inout AppState, to path: String) {
        state.select("items.get")
        _ = state.press(.tab, .character("u"), .control("u"))
        state.type(path)
        _ = state.press(.enter)
    }

    @Test("a changed file is reloaded: new endpoints listed, the selection and unsaved edits kept, and it says so")
    func reloadKeepsDrafts() throws {
        var state = Fixtures.smallState()
        editPath(&state, to: "/items/{id}/edited")
        var onDisk = try shop(state)
        onDisk.endpoints.append(Endpoint(id: "orders.list", path: "/orders"))
        onDisk.endpoints[0].path = Template("/items-v2")
        _ = state.update(changed(.loaded(onDisk)))
        #expect(state.message?.text == "profile shop.yaml changed on disk: reloaded; 1 unsaved edit kept as a draft")
        #expect(state.catalog.profile("shop")?.endpoint("orders.list") != nil)
        #expect(state.catalog.profile("shop")?.endpoint("items.list")?.path.raw == "/items-v2")
        #expect(state.selectedEndpoint?.id == "items.get")
        #expect(state.draft(for: EndpointKey(profile: "shop", endpoint: "items.get"))?.path == "/items/{id}/edited")
        #expect(state.unsavedEndpoints.map(\.endpoint) == ["items.get"])
    }

    @Test("a file that reads as what is loaded says nothing")
    func unchangedIsQuiet() throws {
        var state = Fixtures.smallState()
        _ = state.update(changed(.loaded(try shop(state))))
        #expect(state.message == nil)
    }

    @Test("a broken file shows its located problem and keeps the last good version; fixed, it loads again")
    func brokenKeepsLastGood() throws {
        var state = Fixtures.smallState()
        let good = try shop(state)
        let problem = ProfileProblem(
            "unknown key `edpoints` (did you mean `endpoints`?)", at: SourceLocation(file: file, line: 3, column: 1))
        _ = state.update(changed(.failed([problem])))
        let text = try #require(state.message?.text)
        #expect(text.contains("shop.yaml:3:1: unknown key `edpoints`"), "\(text)")
        #expect(text.contains("the last good version stays loaded"))
        #expect(state.message?.isError == true)
        #expect(try shop(state) == good)
        #expect(state.shownProblems == [problem])
        // The Problems view lists it at its file, line and column.
        _ = state.press(.character("p"))
        let screen = Screen.render(state, theme: .monochrome).lines.joined(separator: "\n")
        #expect(screen.contains("shop.yaml:3:1"), "\(screen)")
        _ = state.press(.escape)

        _ = state.update(changed(.loaded(good)))
        #expect(state.message?.text == "profile shop.yaml loads again")
        #expect(state.shownProblems.isEmpty)
    }

    @Test("a deleted file says so and keeps what is on screen")
    func deletedKeepsScreen() throws {
        var state = Fixtures.smallState()
        state.select("health")
        _ = state.update(changed(.removed))
        #expect(state.message?.text == "profile shop.yaml was deleted on disk: what is shown stays for this session")
        #expect(state.selectedEndpoint?.id == "health")
        #expect(state.catalog.profile("shop") != nil)
    }

    @Test("a new profile file is listed, in id order")
    func newProfileListed() throws {
        var state = Fixtures.smallState()
        state.select("health")
        let alpha = Profile(
            id: "alpha", file: "/tmp/alpha.yaml", environments: [ProfileEnvironment(name: "dev", baseURL: "http://a")],
            endpoints: [Endpoint(id: "ping", path: "/ping")])
        _ = state.update(changed(.loaded(alpha), id: "alpha", file: "/tmp/alpha.yaml"))
        #expect(state.message?.text == "new profile alpha.yaml listed")
        #expect(state.profiles.map(\.id) == ["alpha", "shop"])
        #expect(state.selectedEndpoint?.id == "health")
    }

    @Test("an edited endpoint the file no longer has stays, as a new endpoint `s` writes back")
    func removedEndpointWithDraftStays() throws {
        var state = Fixtures.smallState()
        editPath(&state, to: "/items/{id}/mine")
        var onDisk = try shop(state)
        onDisk.endpoints.removeAll { $0.id == "items.get" }
        _ = state.update(changed(.loaded(onDisk)))
        #expect(state.catalog.profile("shop")?.endpoint("items.get") != nil)
        #expect(state.unsavedEndpoints.map(\.endpoint) == ["items.get"])
        #expect(state.message?.text.contains("1 unsaved edit kept as a draft") == true)
    }

    @Test("our own save is not news: a change on disk during the save is judged against what the save wrote")
    func ownSaveIsQuiet() throws {
        var state = Fixtures.smallState()
        editPath(&state, to: "/items/{id}/saved")
        let effects = state.press(.character("s"))
        guard case .saveProfile(let edited)? = effects.first(where: { $0.name == "saveProfile" }) else {
            Issue.record("expected a save, got \(effects.names)")
            return
        }
        // The watcher reads the file the save wrote before the saver reports back.
        _ = state.update(changed(.loaded(edited)))
        #expect(state.message?.text.contains("changed on disk") != true)
        _ = state.update(.profileSaved(profile: "shop", saved: edited, error: nil))
        #expect(state.message?.text == "saved profile shop")
        #expect(state.unsavedEndpoints.isEmpty)
        // And read again later, it is still the same.
        _ = state.update(changed(.loaded(edited)))
        #expect(state.message?.text == "saved profile shop")
    }

    @Test("another program's change that lands during our save is taken in after it")
    func otherChangeDuringSave() throws {
        var state = Fixtures.smallState()
        editPath(&state, to: "/items/{id}/saved")
        guard case .saveProfile(let edited)? = state.press(.character("s")).first(where: { $0.name == "saveProfile" })
        else {
            Issue.record("expected a save")
            return
        }
        var other = edited
        other.endpoints.append(Endpoint(id: "theirs", path: "/theirs"))
        _ = state.update(changed(.loaded(other)))
        _ = state.update(.profileSaved(profile: "shop", saved: edited, error: nil))
        #expect(state.message?.text == "profile shop.yaml changed on disk: reloaded")
        #expect(state.catalog.profile("shop")?.endpoint("theirs") != nil)
    }

    @Test("the files a change names are read through the core loader: rename-over, companions, deletion, hidden")
    func readingChanges() throws {
        let directory = NSTemporaryDirectory() + "apix-reload-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let yaml = """
            environments: { dev: { base_url: "http://127.0.0.1:1" } }
            endpoints:
              - { id: ping, path: /ping }
            """
        try yaml.write(toFile: directory + "/shop.yaml", atomically: true, encoding: .utf8)
        try "environments: [".write(toFile: directory + "/broken.yaml", atomically: true, encoding: .utf8)
        let changes = ProfileFileChange.read(
            ["shop.secrets.yaml", "broken.yaml", "gone.yaml", ".shop.yaml.tmp-1", "notes.txt"], in: directory)
        #expect(changes.map(\.id) == ["broken", "gone", "shop"])
        guard case .failed(let problems) = changes[0].outcome, let first = problems.first else {
            Issue.record("broken.yaml should fail")
            return
        }
        #expect(first.location.file.hasSuffix("broken.yaml"))
        guard case .removed = changes[1].outcome else {
            Issue.record("gone.yaml should be removed")
            return
        }
        guard case .loaded(let shop) = changes[2].outcome else {
            Issue.record("shop.yaml should load")
            return
        }
        #expect(shop.endpoints.map(\.id) == ["ping"])
    }
}
