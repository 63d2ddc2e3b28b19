import Foundation
import TestSupport
import Testing

@testable import ExplorerCore
@testable import TUI

/// The Schema tab (issue 32): an answer checked against the schema its endpoint's `responses:` names shows the
/// verdict and each violation, `J` shows a violation at its place in the body, and the endpoint list marks the
/// endpoint ✗ (✓ for one whose answer matches).
@Suite("The Schema tab, headless")
@MainActor
struct SchemaTabHeadlessTests {
    @Test("violations listed in the core's words, J shows one in the body, the list marks ✗ and ✓")
    func schemaTab() async throws {
        try await withDemoServer { server in
            let directory = try TemporaryDirectory()
            // The demo's /echo answers `"method": "GET"` and `"headers": [[name, value], …]`.
            let yaml = """
                name: Shapes
                environments: { local: { base_url: "\(server.baseURL)" } }
                schemas:
                  Echo:
                    type: object
                    required: [method, missing_key]
                    properties:
                      method: { type: integer }
                      headers: { type: array, items: { type: array, items: { type: integer } } }
                  Loose: { type: object, required: [method] }
                endpoints:
                  - { id: strict, path: /echo, responses: { "200": Echo } }
                  - { id: loose, path: /echo/x, responses: { "2XX": Loose } }
                """
            try yaml.write(toFile: directory.path + "/shapes.yaml", atomically: true, encoding: .utf8)
            let catalog = ProfileLoader.load(directory: directory.path)
            try #require(catalog.problems.isEmpty, "\(catalog.problems)")
            let backend = HeadlessBackend(width: 140, height: 44)
            let runtime = Runtime(
                state: AppState(catalog: catalog, profileDirectory: directory.path, processEnvironment: [:], now: .now),
                client: Client(), auth: nil, saver: nil, log: LogFile(directory: directory.path), backend: backend)
            let loop = Task { try await runtime.run() }
            defer {
                if backend.isActive { backend.requestTermination() }
                loop.cancel()
            }
            try #require(await backend.waitForScreen(containing: "strict", timeout: .seconds(90)) != nil)
            // The first endpoint is selected at start.
            backend.press(.enter)
            try #require(await backend.waitForScreen(containing: "200 OK", timeout: .seconds(90)) != nil)
            // The list marks it at once; the tabs gain Schema.
            let sent = try #require(
                await backend.waitForScreen(containing: "strict ✗", timeout: .seconds(20)), "\(backend.screenText)")
            #expect(sent.text.contains("Schema"), "\(backend.screenText)")
            backend.press(.tab, .tab, .character("]"), .character("]"), .character("]"))
            let tab = try #require(
                await backend.waitForScreen(containing: "violations of Echo", timeout: .seconds(90)),
                "\(backend.screenText)")
            #expect(tab.text.contains("$.method: expected an integer, got a string"), "\(tab.text)")
            #expect(tab.text.contains("missing_key"), "\(tab.text)")
            #expect(tab.text.contains("`responses:` 200"), "\(tab.text)")
            // J walks the violations in the body: the root's missing member, the method, then the first header's name.
            let order = tab.text.split(separator: "\n").filter { $0.contains("│  $") }
            let headerIndex = try #require(order.firstIndex { $0.contains("$.headers[0][0]") }, "\(tab.text)")
            for _ in 0...headerIndex { backend.press(.character("J")) }
            let body = try #require(
                await backend.waitForScreen(
                    containing: "violation \(headerIndex + 1) of \(order.count): $.headers[0][0] is line 8",
                    timeout: .seconds(30)),
                "\(backend.screenText)")
            #expect(body.text.contains("\"Host\","), "the Body tab, at the first header's name: \(body.text)")
            #expect(!body.text.contains("violations of Echo"), "\(body.text)")

            backend.press(.backTab, .backTab, .down, .enter)
            #expect(
                await backend.waitForScreen(containing: "loose ✓", timeout: .seconds(90)) != nil,
                "\(backend.screenText)")
            backend.press(.escape, .character("q"))
        }
    }
}
