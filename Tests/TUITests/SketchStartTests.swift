import Foundation
import Testing

@testable import ExplorerCore
@testable import TUI

/// The explorer's first frame drawn from the profiles' sketch while they load (`TUIApp.run(loadingProfilesIn:)`):
/// the list as the file names it, the editor saying the profile is loading rather than showing a partial request.
@Suite("Start: the first frame from the profiles' sketch")
struct SketchStartTests {
    static let profile = """
        name: Shop
        default_environment: dev
        environments:
          dev:
            base_url: "http://127.0.0.1:9000"
            headers: { X-Env: dev }
        endpoints:
          - id: items.list
            name: List items
            folder: Items
            method: GET
            path: /items
          - id: items.create
            folder: Items
            method: POST
            path: /items
            headers:
              Content-Type: application/json

        """

    @Test("the sketch's frame: the list, the method, `loading the profile…`, `loading profiles…`; never its headers")
    func sketchFrame() throws {
        let sketch = try #require(ProfileSketch.profile(Array(Self.profile.utf8), id: "shop", file: "/p/shop.yaml"))
        var state = AppState(catalog: ProfileCatalog(profiles: [sketch]), width: 100, height: 16)
        state.isSketch = true
        let text = Screen.render(state, theme: .monochrome).text
        #expect(text.contains("List items") && text.contains("items.create"), "\(text)")
        #expect(text.contains("GET /items · loading the profile…"), "\(text)")
        #expect(text.contains("env: dev │ loading profiles…"), "\(text)")
        #expect(!text.contains("Params") && !text.contains("auth:"), "\(text)")
    }

    @Test("the loaded profile's frame has none of it")
    func loadedFrame() throws {
        let loaded = try ProfileLoader.load(file: "/p/shop.yaml", text: Self.profile).get()
        let state = AppState(catalog: ProfileCatalog(profiles: [loaded]), width: 100, height: 16)
        let text = Screen.render(state, theme: .monochrome).text
        #expect(text.contains("http://127.0.0.1:9000/items") && !text.contains("loading"), "\(text)")
    }
}
