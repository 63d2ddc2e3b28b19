import Testing

@testable import CLI
@testable import ExplorerCore

/// How `apix run`'s flags become the client's send options (the CLI tests cover the same flags end to end; a
/// single request cannot show its priority there). Both front ends ask `SendOptions.forEndpoint`.
@Suite("apix run send options")
struct RunSendOptionsTests {
    static let plain = Endpoint(id: "todos.list", path: Template("/todos"))
    static let declared = Endpoint(
        id: "cache.etag", path: Template("/cache/etag"), priority: .low, cacheSeconds: 30)

    @Test(
        "--priority in any case sets the queue priority; without it the endpoint's applies; --cached / --no-cache"
    )
    func priorityAndCache() throws {
        let high = try RunCommand.parse(["demo", "todos.list", "--priority", "HIGH"]).makeSendOptions(
            for: Self.declared)
        #expect(high.priority == .high)
        #expect(high.cache == nil)
        let low = try RunCommand.parse(["demo", "todos.list", "--priority", "low", "--cached"]).makeSendOptions(
            for: Self.plain)
        #expect(low.priority == .low)
        #expect(low.cache == CacheOptions(namespace: "demo", ttl: .zero, mode: .use))
        let plain = try RunCommand.parse(["demo", "todos.list", "--no-cache"]).makeSendOptions(for: Self.plain)
        #expect(plain.priority == .normal)
        #expect(plain.cache?.mode == .refresh)
        let endpoints = try RunCommand.parse(["demo", "cache.etag"]).makeSendOptions(for: Self.declared)
        #expect(endpoints.priority == .low)
        #expect(endpoints.cache == nil, "apix run uses the cache only when asked")
        #expect(throws: CLIFailure.self) {
            try RunCommand.parse(["demo", "x", "--priority", "urgent"]).makeSendOptions(for: Self.plain)
        }
    }

    @Test("--cached on an endpoint that declares cache: gives the options the explorer sends it with")
    func cachedAgreesWithTheExplorer() throws {
        let cli = try RunCommand.parse(["demo", "cache.etag", "--cached"]).makeSendOptions(for: Self.declared)
        let explorer = SendOptions.forEndpoint(Self.declared, profile: "demo", cache: .declared(.use))
        #expect(cli.cache == explorer.cache)
        #expect(cli.cache == CacheOptions(namespace: "demo", ttl: .seconds(30), mode: .use))
        #expect(cli.priority == explorer.priority)
        let reload = try RunCommand.parse(["demo", "cache.etag", "--no-cache"]).makeSendOptions(for: Self.declared)
        #expect(
            reload.cache == SendOptions.forEndpoint(Self.declared, profile: "demo", cache: .declared(.refresh)).cache)
    }

    @Test("the explorer caches only endpoints that declare cache: above 0; the user's flags always")
    func coreRule() {
        let zero = Endpoint(id: "z", path: Template("/z"), cacheSeconds: 0)
        #expect(SendOptions.forEndpoint(zero, profile: "p", cache: .declared(.use)).cache == nil)
        #expect(SendOptions.forEndpoint(Self.plain, profile: "p", cache: .declared(.refresh)).cache == nil)
        #expect(SendOptions.forEndpoint(zero, profile: "p", cache: .always(.use)).cache?.ttl == .zero)
        #expect(SendOptions.forEndpoint(Self.declared, profile: "p", cache: .off).cache == nil)
        #expect(SendOptions.forEndpoint(Self.declared, profile: "p", cache: .off, priority: .high).priority == .high)
    }
}
