import Foundation
import TestSupport
import Testing

@testable import ExplorerCore
@testable import TUI

/// `J` from a GraphQL error to its path in `data` (headless, the real runtime against the Ariadne peer): from the
/// Errors tab it shows the error's field at its line of the Body tab, and walks the errors that have a path.
@Suite("GraphQL errors: J jumps to their path in data, headless")
@MainActor
struct GraphQLErrorJumpHeadlessTests {
    @Test("the Errors tab's J shows each error's field in the body, one after the other")
    func jumps() async throws {
        let peer = try await Task.detached {
            try PythonPeer("graphql_server.py", interpreter: PythonPeer.venvPython)
        }.value
        defer { peer.stop() }
        let directory = try TemporaryDirectory()
        // Two fields fail (`secret` always does); `users` comes first in `data`, so the failures are on later lines.
        try """
        name: GQL
        environments: { local: { base_url: "http://127.0.0.1:\(peer.port)" } }
        endpoints:
          - id: failing
            path: /graphql
            body:
              graphql:
                query: "{ users { id name role } first: secret second: secret }"
        """.write(toFile: directory.path + "/gql.yaml", atomically: true, encoding: .utf8)
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
        try #require(await backend.waitForScreen(containing: "failing", timeout: .seconds(90)) != nil)
        backend.press(.enter)
        try #require(await backend.waitForScreen(containing: "200 OK", timeout: .seconds(90)) != nil)
        // To the response pane (at its Body tab), then back round to its last tab: Errors.
        backend.press(.tab, .tab, .character("["))
        let errors = try #require(
            await backend.waitForScreen(containing: "2 GraphQL errors in the answer", timeout: .seconds(30)),
            "\(backend.screenText)")
        #expect(errors.text.contains("path $.data.first"), "\(errors.text)")
        backend.press(.character("J"))
        let first = try #require(
            await backend.waitForScreen(
                containing: "GraphQL error 1 of 2: $.data.first is line", timeout: .seconds(30)),
            "\(backend.screenText)")
        #expect(first.text.contains(#""first": null"#), "the Body tab, at the field: \(first.text)")
        #expect(!first.text.contains("GraphQL errors in the answer"), "\(first.text)")
        backend.press(.character("J"))
        #expect(
            await backend.waitForScreen(
                containing: "GraphQL error 2 of 2: $.data.second is line", timeout: .seconds(30))
                != nil, "\(backend.screenText)")
        backend.press(.escape, .character("q"))
    }
}
