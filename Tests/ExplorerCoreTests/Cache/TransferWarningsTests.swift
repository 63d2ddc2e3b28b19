import Foundation
import TestSupport
import Testing

@testable import ExplorerCore

/// Warnings come back from the core as values (`Transfer.warnings`), for each front end to show its way.
@Suite("transfer warnings")
struct TransferWarningsTests {
    struct Warner: RequestInterceptor {
        func warnings() async -> [String] { ["the token file was ignored"] }
    }

    @Test("a damaged cache file met while sending is a warning of that transfer, and only of that one")
    func damagedCacheFile() async throws {
        let folder = try TemporaryDirectory()
        let cache = ResponseCache(directory: folder.path)
        let path = try #require(cache.filePath(namespace: "demo"))
        try "garbage".write(toFile: path, atomically: true, encoding: .utf8)
        try await withDemoServer { server in
            let client = Client(cache: cache)
            let options = SendOptions(cache: CacheOptions(namespace: "demo"))
            let request = PreparedRequest(url: server.url("/todos/1"))
            let first = client.start(request, options: options)
            _ = await first.result
            let warnings = await first.warnings
            #expect(warnings.count == 1)
            #expect(warnings.first?.contains("damaged cache file") == true)
            #expect(warnings.first?.contains(path) == true)
            let second = client.start(request, options: options)
            _ = await second.result
            #expect(await second.warnings.isEmpty, "said once")
        }
    }

    @Test("the interceptor's warnings (a token file ignored) are the transfer's")
    func interceptorWarnings() async throws {
        try await withDemoServer { server in
            let transfer = Client().start(
                PreparedRequest(url: server.url("/todos/1")), options: SendOptions(interceptor: Warner()))
            _ = await transfer.result
            #expect(await transfer.warnings == ["the token file was ignored"])
        }
    }
}
