import Foundation
import TestSupport
import Testing

@testable import ExplorerCore

/// A body that echoes the request's credential (an echo route, a token endpoint) is the server's answer: the cache
/// keeps it as received, only in a user-only file, and answers only the same credential with it (docs/AUTH.md).
@Suite("Cached bodies that echo credentials")
struct CachedEchoTests {
    @Test("an echoed token is kept as the server sent it, in a 0600 file, and served only to that token")
    func echoedToken() async throws {
        let folder = try TemporaryDirectory()
        let cache = ResponseCache(directory: folder.path)
        let options = CacheOptions(namespace: "echo", ttl: .seconds(60))
        let headers: HTTPHeaders = ["Authorization": "Bearer echo-secret-42"]
        let body = #"{"authorization": "Bearer echo-secret-42"}"#
        await cache.store(
            CacheFixtures.response("http://h/echo", headers: [:], body: body),
            for: CacheFixtures.request("http://h/echo", headers: headers), requestTime: Date(), options: options)
        let path = try #require(cache.filePath(namespace: "echo"))
        #expect((try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int) == 0o600)
        // Masking it would change the answer a later read is given: the body is stored as received.
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(bytes.range(of: Data(body.utf8)) != nil)
        let again = await cache.lookup(CacheFixtures.request("http://h/echo", headers: headers), options: options)
        #expect(again.freshResponse.map(CacheFixtures.body) == body)
        let other = await cache.lookup(
            CacheFixtures.request("http://h/echo", headers: ["Authorization": "Bearer someone-else"]), options: options)
        #expect(other.isMiss)
    }
}
