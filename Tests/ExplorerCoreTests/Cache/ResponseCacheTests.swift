import Foundation
import TestSupport
import Testing

@testable import ExplorerCore

/// The cache on its own: storage, eviction and persistence with responses built in memory.
@Suite("Response cache storage")
struct ResponseCacheTests {
    let options = CacheOptions(namespace: "demo", ttl: .seconds(60))

    func store(
        _ cache: ResponseCache, _ url: String, body: String = "{}", requestHeaders: HTTPHeaders = [:],
        responseHeaders: HTTPHeaders = [:], options: CacheOptions? = nil
    ) async {
        let request = CacheFixtures.request(url, headers: requestHeaders)
        let response = CacheFixtures.response(url, headers: responseHeaders, body: body)
        await cache.store(response, for: request, requestTime: Date(), options: options ?? self.options)
    }

    func lookup(
        _ cache: ResponseCache, _ url: String, headers: HTTPHeaders = [:], options: CacheOptions? = nil
    ) async -> ResponseCache.Lookup {
        await cache.lookup(CacheFixtures.request(url, headers: headers), options: options ?? self.options)
    }

    @Test("the least recently used entries are evicted once the bytes exceed the bound")
    func lruByBytes() async throws {
        let body = String(repeating: "x", count: 3000)
        let probe = ResponseCache(directory: nil)
        await store(probe, "http://h/a", body: body)
        let cost = await probe.byteCount
        let cache = ResponseCache(directory: nil, maxBytes: cost * 3 + cost / 2)
        for name in ["a", "b", "c"] { await store(cache, "http://h/\(name)", body: body) }
        #expect(await cache.entryCount == 3)
        #expect(await lookup(cache, "http://h/a").freshResponse != nil, "using a makes b the oldest")
        await store(cache, "http://h/d", body: body)
        #expect(await cache.entryCount == 3)
        #expect(await lookup(cache, "http://h/b").isMiss)
        for name in ["a", "c", "d"] { #expect(await lookup(cache, "http://h/\(name)").freshResponse != nil, "\(name)") }
        #expect(await cache.byteCount <= cache.maxBytes)
    }

    @Test("bodies over the entry limit and spooled bodies are not stored")
    func largeBodies() async throws {
        let cache = ResponseCache(directory: nil, maxEntryBytes: 100)
        await store(cache, "http://h/big", body: String(repeating: "x", count: 101))
        #expect(await cache.entryCount == 0)
        let folder = try TemporaryDirectory()
        let path = try folder.write("spooled", "{}")
        var spooled = CacheFixtures.response("http://h/file")
        spooled.body = ResponseBody(storage: .file(SpooledFile(path: path, size: 2, isTemporary: false)))
        await cache.store(spooled, for: CacheFixtures.request("http://h/file"), requestTime: Date(), options: options)
        #expect(await cache.entryCount == 0)
    }

    @Test("a profile TTL makes an entry fresh for that long, then it is stale")
    func ttl() async throws {
        let clock = ManualClock()
        let cache = ResponseCache(directory: nil, clock: clock.function)
        await store(cache, "http://h/a", responseHeaders: ["ETag": "\"1\""])
        #expect(await lookup(cache, "http://h/a").freshResponse?.source == .cache)
        clock.advance(seconds: 61)
        #expect(await lookup(cache, "http://h/a").validators?["If-None-Match"] == "\"1\"")
        let stored = try #require(await cache.stored(for: CacheFixtures.request("http://h/a"), options: options))
        #expect(!stored.isFresh)
        let age = try #require(stored.response.age)
        #expect(abs(age.seconds - 61) < 0.01)
    }

    @Test("refresh mode never answers from the cache")
    func refreshMode() async {
        let cache = ResponseCache(directory: nil)
        await store(cache, "http://h/a")
        var refresh = options
        refresh.mode = .refresh
        #expect(await lookup(cache, "http://h/a", options: refresh).isMiss)
        #expect(await lookup(cache, "http://h/a").freshResponse != nil)
    }

    @Test("responses to different tokens are kept apart; requests without one do not see them")
    func perToken() async {
        let cache = ResponseCache(directory: nil)
        await store(cache, "http://h/me", body: "alice", requestHeaders: ["Authorization": "Bearer A"])
        await store(cache, "http://h/me", body: "bob", requestHeaders: ["Authorization": "Bearer B"])
        let alice = await lookup(cache, "http://h/me", headers: ["Authorization": "Bearer A"]).freshResponse
        let bob = await lookup(cache, "http://h/me", headers: ["Authorization": "Bearer B"]).freshResponse
        #expect(alice.map(CacheFixtures.body) == "alice")
        #expect(bob.map(CacheFixtures.body) == "bob")
        #expect(await lookup(cache, "http://h/me").isMiss)
        #expect(await lookup(cache, "http://h/me", headers: ["Authorization": "Bearer C"]).isMiss)
    }

    @Test("an API key in a custom header keeps entries apart by the name the auth declares, not a guessed list")
    func perDeclaredHeader() async {
        let cache = ResponseCache(directory: nil)
        let unguessing = CacheOptions(namespace: "demo", ttl: .seconds(60), credentialHeaders: [])
        func keyed(_ key: String) -> PreparedRequest {
            CredentialPlacement(.header("X-Tenant-Key"), key).apply(to: CacheFixtures.request("http://h/me"))
        }
        let response = CacheFixtures.response("http://h/me", body: "one")
        await cache.store(response, for: keyed("k1"), requestTime: Date(), options: unguessing)
        #expect(await cache.lookup(keyed("k2"), options: unguessing).isMiss)
        #expect(await cache.lookup(CacheFixtures.request("http://h/me"), options: unguessing).isMiss)
        let hit = await cache.lookup(keyed("k1"), options: unguessing).freshResponse
        #expect(hit.map(CacheFixtures.body) == "one")
    }

    @Test("an API key in the query is kept apart per value and never written to the cache file")
    func queryKeyMasked() async throws {
        let folder = try TemporaryDirectory()
        func keyed(_ key: String) -> PreparedRequest {
            CredentialPlacement(.query("api_key"), key).apply(to: CacheFixtures.request("http://h/me?page=2"))
        }
        let first = ResponseCache(directory: folder.path)
        let secret = keyed("query-secret-456")
        let response = CacheFixtures.response(secret.url, body: "mine")
        await first.store(response, for: secret, requestTime: Date(), options: options)
        let path = try #require(first.filePath(namespace: "demo"))
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(bytes.range(of: Data("query-secret-456".utf8)) == nil)
        #expect(bytes.range(of: Data("page=2".utf8)) != nil, "the rest of the URL is stored as it was")

        let second = ResponseCache(directory: folder.path)
        let restored = try #require(await second.lookup(secret, options: options).freshResponse)
        #expect(CacheFixtures.body(restored) == "mine")
        #expect(!restored.url.contains("query-secret-456"))
        #expect(await second.lookup(keyed("other-key"), options: options).isMiss)
    }

    @Test("Vary keeps one entry per value of the named request headers")
    func vary() async {
        let cache = ResponseCache(directory: nil)
        let vary: HTTPHeaders = ["Vary": "X-Variant"]
        await store(cache, "http://h/v", body: "blue", requestHeaders: ["X-Variant": "blue"], responseHeaders: vary)
        await store(cache, "http://h/v", body: "red", requestHeaders: ["X-Variant": "red"], responseHeaders: vary)
        let blue = await lookup(cache, "http://h/v", headers: ["x-variant": "blue"]).freshResponse
        #expect(blue.map(CacheFixtures.body) == "blue")
        #expect(await lookup(cache, "http://h/v", headers: ["X-Variant": "green"]).isMiss)
        #expect(await lookup(cache, "http://h/v").isMiss)
        #expect(await cache.entryCount == 2)
    }

    @Test("entries survive a new cache instance on the same directory, in a user-only file without tokens")
    func persistence() async throws {
        let folder = try TemporaryDirectory()
        let first = ResponseCache(directory: folder.path)
        let body = String((0..<2000).map { Character(UnicodeScalar(UInt8(32 + $0 % 90))) })
        await store(first, "http://h/a", body: body, requestHeaders: ["Authorization": "Bearer secret-token-123"])
        await store(first, "http://h/b", body: "b")
        let path = try #require(first.filePath(namespace: "demo"))
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(bytes.range(of: Data("secret-token-123".utf8)) == nil)

        let second = ResponseCache(directory: folder.path)
        let restored = await lookup(second, "http://h/a", headers: ["Authorization": "Bearer secret-token-123"])
        #expect(restored.freshResponse.map(CacheFixtures.body) == body)
        #expect(await lookup(second, "http://h/a").isMiss, "still per token after a restart")
        #expect(await second.entryCount == 2)
        #expect(await second.problems.isEmpty)
    }

    static let damaged: [String] = [
        "", "garbage", "apix-cache 1\n99999\n{}", "apix-cache 1\n2\n{}",
        "apix-cache 1\n43\n{\"salt\":\"s\",\"entries\":[],\"bodyLengths\":[4]}",
    ]

    @Test(
        "a damaged file is reported and ignored, never a crash, and the next store replaces it",
        arguments: damaged)
    func damagedFile(contents: String) async throws {
        let folder = try TemporaryDirectory()
        let cache = ResponseCache(directory: folder.path)
        let path = try #require(cache.filePath(namespace: "demo"))
        try contents.write(toFile: path, atomically: true, encoding: .utf8)
        #expect(await lookup(cache, "http://h/a").isMiss)
        let problems = await cache.problems
        #expect(problems.count == 1)
        #expect(problems.first?.path == path)
        if case .corrupt = problems.first?.reason {
        } else {
            Issue.record("expected a corrupt-file problem: \(problems)")
        }
        await store(cache, "http://h/a", body: "fresh")
        let reread = ResponseCache(directory: folder.path)
        #expect(await lookup(reread, "http://h/a").freshResponse.map(CacheFixtures.body) == "fresh")
        #expect(await reread.problems.isEmpty)
    }

    @Test("profiles are separate namespaces with their own files")
    func namespaces() async throws {
        let folder = try TemporaryDirectory()
        let cache = ResponseCache(directory: folder.path)
        await store(cache, "http://h/a", body: "one")
        let other = CacheOptions(namespace: "other/../x", ttl: .seconds(60))
        #expect(await lookup(cache, "http://h/a", options: other).isMiss)
        await store(cache, "http://h/a", body: "two", options: other)
        let otherPath = try #require(cache.filePath(namespace: other.namespace))
        #expect((otherPath as NSString).deletingLastPathComponent == folder.path, "no escaping the directory")
        #expect(FileManager.default.fileExists(atPath: otherPath))
        await cache.removeAll(namespace: "demo")
        #expect(await lookup(cache, "http://h/a").isMiss)
        #expect(await lookup(cache, "http://h/a", options: other).freshResponse.map(CacheFixtures.body) == "two")
    }

    @Test("a no-store answer removes what was stored for the request")
    func noStoreRemoves() async {
        let cache = ResponseCache(directory: nil)
        await store(cache, "http://h/a")
        await store(cache, "http://h/a", responseHeaders: ["Cache-Control": "no-store"])
        #expect(await cache.entryCount == 0)
    }
}
