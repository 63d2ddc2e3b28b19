import Foundation
import Testing

@testable import ExplorerCore
@testable import TUI

@Suite("The editor's URL line and body drafts")
struct BodyAndURLDisplayTests {
    static func secretState() -> AppState {
        var profile = Profile(
            id: "vault", name: "Vault", file: "/tmp/vault.yaml", defaultEnvironment: "dev",
            environments: [ProfileEnvironment(name: "dev", baseURL: "http://127.0.0.1:9000")],
            endpoints: [Endpoint(id: "keyed", path: "/items", query: [Parameter("key", "{{token}}")])])
        profile.variables = ["token": Template("s3cr3t")]
        profile.secretNames = ["token"]
        return AppState(
            catalog: ProfileCatalog(profiles: [profile]), profileDirectory: "/tmp", processEnvironment: [:],
            width: 100, height: 30, now: Fixtures.start)
    }

    @Test("a masked secret in the URL shows as •••• in the URL line and the exchange, not %E2%80%A2")
    func bulletsInURL() throws {
        var state = Self.secretState()
        state.select("keyed")
        #expect(state.requestPreview?.url == "http://127.0.0.1:9000/items?key=••••")
        let screen = Screen.render(state, theme: .monochrome).text
        #expect(screen.contains("/items?key=••••"))
        #expect(!screen.contains("%E2%80%A2"))
        #expect(!screen.contains("s3cr3t"))
        _ = state.press(.enter)
        #expect(state.shownExchange?.url == "http://127.0.0.1:9000/items?key=••••")
    }

    @Test("@path in a text body sends the file, @@ sends text starting with @, as apix run --body does")
    func fileReferences() {
        let file = BodyDraft(kind: .text(contentType: "text/csv"), text: "@data/rows.csv\n")
        #expect(file.template == .file(Template("@data/rows.csv"), contentType: "text/csv"))
        let literal = BodyDraft(kind: .text(contentType: nil), text: "@@handle")
        #expect(literal.template == .text(Template("@handle"), contentType: nil))
        let json = BodyDraft(kind: .json, text: "@payload.json")
        #expect(json.template == .file(Template("@payload.json"), contentType: "application/json"))
        #expect(json.validate() == nil)
        // A profile's text that starts with @ stays text through the editor.
        let loaded = BodyDraft(template: .text(Template("@handle"), contentType: nil))
        #expect(loaded.text == "@@handle")
        #expect(loaded.template == .text(Template("@handle"), contentType: nil))
    }

    @Test("a cancelled download's status line says its partial file was removed")
    func cancelledDownload() throws {
        var state = Fixtures.smallState()
        state.select("items.get")
        _ = state.press(.enter)
        let id = try #require(state.shownExchange?.id)
        var error = TransportError(.cancelled, "cancelled")
        error.note = BodyDestination.removedPartMessage(part: "/w/items.part")
        _ = state.update(.exchangeFinished(exchange: id, .failure(.transport(error)), at: 101))
        #expect(
            state.message?.text
                == "cancelled GET http://127.0.0.1:9000/items/7; the partial download /w/items.part was removed")
    }
}
