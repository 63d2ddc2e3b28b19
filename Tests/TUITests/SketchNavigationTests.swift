import Foundation
import Testing

@testable import ExplorerCore
@testable import TUI

/// The explorer while its profiles load, through the real runtime loop on a headless terminal: the sketch answers
/// list moves and folds at once; the first other key, and every key after it, wait and act on the loaded profile;
/// the loaded list keeps the selection and folds the user made.
@Suite("Start: keys answered by the sketch while the profiles load")
@MainActor
struct SketchNavigationTests {
    static let profile = """
        name: Shop
        default_environment: dev
        environments:
          dev:
            base_url: "http://127.0.0.1:9"
        endpoints:
          - id: items.list
            folder: Items
            method: GET
            path: /items
          - id: items.create
            folder: Items
            method: POST
            path: /items
          - id: orders.get
            folder: Orders
            method: GET
            path: /orders/7
            headers:
              X-Order: seven
          - id: orders.delete
            folder: Orders
            method: DELETE
            path: /orders/8

        """

    @Test("moves and folds on the sketch; Tab and what follows wait; the loaded list keeps selection and folds")
    func navigateThenLoad() async throws {
        let file = "/p/shop.yaml"
        let sketch = try #require(ProfileSketch.profile(Array(Self.profile.utf8), id: "shop", file: file))
        let loaded = try ProfileLoader.load(file: file, text: Self.profile).get()
        let (gate, open) = AsyncStream<Void>.makeStream()
        let loading = Task<ProfileCatalog, Never> {
            for await _ in gate { break }
            return ProfileCatalog(profiles: [loaded])
        }
        var first = AppState(catalog: ProfileCatalog(profiles: [sketch]), profileDirectory: "/p", now: .now)
        first.isSketch = true
        let backend = HeadlessBackend(width: 110, height: 24, colors: false)
        let runtime = Runtime(
            state: first, client: Client(), auth: nil, saver: nil, log: LogFile(directory: NSTemporaryDirectory()),
            backend: backend)
        runtime.pendingLoad = Runtime.PendingLoad(catalog: loading) { catalog in
            AppState(catalog: catalog, profileDirectory: "/p", now: .now)
        }
        let loop = Task { try await runtime.run() }
        defer {
            open.finish()
            backend.requestTermination()
        }
        #expect(
            await backend.waitForScreen(containing: "GET /items · loading the profile…", "loading profiles…") != nil)
        // Up to the Items folder, fold it, then down to orders.get: all on the sketch, drawn at once.
        backend.press(.character("k"), .character("h"), .character("j"), .character("j"))
        let moved = await backend.waitForScreen(containing: "GET /orders/7 · loading the profile…")
        #expect(moved != nil, "\(backend.screenText)")
        #expect(!backend.screenText.contains("items.create"), "the folded folder: \(backend.screenText)")
        // Tab needs the loaded profile: it waits, and the j after it waits behind it (on the sketch it would have
        // moved to orders.delete).
        backend.press(.tab, .character("j"), .character("3"))
        try await Task.sleep(for: .milliseconds(200))
        #expect(backend.screenText.contains("GET /orders/7 · loading the profile…"), "\(backend.screenText)")
        open.yield()
        let after = await backend.waitForScreen(containing: "http://127.0.0.1:9/orders/7", "X-Order")
        #expect(after != nil, "the loaded profile, orders.get, its Headers tab: \(backend.screenText)")
        #expect(!backend.screenText.contains("loading"), "\(backend.screenText)")
        #expect(!backend.screenText.contains("items.create"), "the fold is kept: \(backend.screenText)")
        backend.requestTermination()
        _ = try? await loop.value
    }
}
