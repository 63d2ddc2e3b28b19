import Foundation
import Testing

@testable import ExplorerCore
@testable import TUI

/// One-off requests with no profile (the scratch profile), kept with `O`, and never counted as unsaved until kept.
@Suite("Scratch requests")
struct ScratchRequestTests {
    private func emptyState() -> AppState {
        var state = AppState(
            catalog: ProfileCatalog(), profileDirectory: "/tmp/none", processEnvironment: [:], width: 100,
            height: 30, now: Fixtures.start)
        state.scratchFile = "/tmp/state/scratch/scratch.yaml"
        return state
    }

    private func oneOff(_ text: String, in state: inout AppState) -> [Effect] {
        _ = state.press(.character("o"))
        state.type(text)
        return state.press(.enter)
    }

    @Test("o with no profile opens the prompt and sends to the scratch profile, with a readable id")
    func oWithNoProfile() throws {
        var state = emptyState()
        _ = state.press(.character("o"))
        guard case .prompt(let prompt)? = state.overlay else {
            Issue.record("expected the one-off prompt, got \(String(describing: state.overlay))")
            return
        }
        #expect(prompt.purpose == .oneOffRequest)
        state.type("http://127.0.0.1:9000/users/42?x=1")
        let effects = state.press(.enter)
        let plan = try #require(effects.first?.sent?.exchange.request)
        #expect(plan.request.url == "http://127.0.0.1:9000/users/42?x=1")
        #expect(state.selectedProfile?.id == "scratch")
        #expect(state.selectedProfile?.file == "/tmp/state/scratch/scratch.yaml")
        #expect(state.selectedEndpoint?.id == "get-users-42")
        #expect(state.selectedEndpoint?.name == "GET /users/42")
        // Not an unsaved edit: quitting does not ask, the journal keeps nothing.
        #expect(state.unsavedEndpoints.isEmpty)
        #expect(state.unsavedDrafts.isEmpty)
        _ = state.press(.character("q"))
        // The request still runs (nothing answers here), so q asks; but about that, not about unsaved work.
        guard case .quitQuestion(let question)? = state.overlay else {
            Issue.record("expected the quit question for the running request")
            return
        }
        #expect(question.unsavedEndpoints.isEmpty)
        #expect(question.runningTransfers == 1)
    }

    @Test("O keeps the one-off: it is written to the scratch profile and is unsaved until the write is done")
    func keepWritesIt() throws {
        var state = emptyState()
        _ = oneOff("http://127.0.0.1:9000/things", in: &state)
        _ = oneOff("http://127.0.0.1:9000/other", in: &state)
        let effects = state.press(.character("O"))
        guard case .saveProfile(let written)? = effects.first(where: { $0.name == "saveProfile" }) else {
            Issue.record("expected a save, got \(effects.names)")
            return
        }
        // Only the kept one goes to the file; the other one-off stays in memory.
        #expect(written.endpoints.map(\.id) == ["get-other"])
        #expect(written.file == "/tmp/state/scratch/scratch.yaml")
        #expect(state.unsavedEndpoints.map(\.endpoint) == ["get-other"])
        _ = state.update(.profileSaved(profile: "scratch", saved: written, error: nil))
        #expect(state.unsavedEndpoints.isEmpty)
        // The list keeps its order: the kept one does not move ahead of the one made before it.
        #expect(state.catalog.profile("scratch")?.endpoints.map(\.id) == ["get-things", "get-other"])
        #expect(state.oneOffs.map(\.endpoint) == ["get-things"])
        // O on an endpoint of the file says what it is for.
        #expect(state.press(.character("O")).isEmpty)
        #expect(state.message?.text.contains("already in its profile") == true)
    }

    @Test("a one-off in a profile is not an unsaved edit, and s leaves it out of the file")
    func oneOffInProfile() throws {
        var state = Fixtures.smallState()
        state.select("health")
        _ = oneOff("http://127.0.0.1:9000/users/{id}x", in: &state)  // refused: a brace in the path
        #expect(state.message?.isError == true)
        _ = oneOff("curl -X POST http://127.0.0.1:9000/v1/users", in: &state)
        #expect(state.selectedEndpoint?.id == "post-v1-users")
        #expect(state.unsavedEndpoints.isEmpty)
        #expect(state.press(.character("s")).isEmpty)
        #expect(state.message?.text == "no edits to save in shop (O keeps a one-off request)")
        let bar = Screen.render(state, theme: .monochrome).lines.last ?? ""
        #expect(bar.contains("O keep"), "\(bar)")
    }

    @Test("ids from method and path read as one would type them, unique in the profile")
    func readableIDs() {
        #expect(Endpoint.readableID(method: .get, path: "/users/{id}", taken: []) == "get-users-id")
        #expect(
            Endpoint.readableID(method: .post, path: "https://api.example/v1/refunds?x=1#f", taken: [])
                == "post-v1-refunds")
        #expect(Endpoint.readableID(method: .get, path: "/", taken: []) == "get")
        #expect(Endpoint.readableID(method: .delete, path: "/a%20b/C_D.json", taken: []) == "delete-a-b-c-d-json")
        #expect(
            Endpoint.readableID(method: .get, path: "/users", taken: ["get-users", "get-users-2"]) == "get-users-3")
        let long = Endpoint.readableID(method: .get, path: "/" + String(repeating: "segment/", count: 20), taken: [])
        #expect(long.count <= Endpoint.readableIDLength)
        #expect(long.hasPrefix("get-segment-segment"))
    }
}
