import DemoAPI
import Foundation
import TestSupport
import Testing

@testable import ExplorerCore

/// The cache inside the client against the real demo server: the `/cache` routes count what they serve, so a
/// hit (counter unchanged) is told apart from a network answer.
@Suite("Response cache against the demo API")
struct CacheIntegrationTests {
    /// A client with a memory-only (or directory-backed) cache and a GET helper.
    struct Harness {
        let server: RunningDemoServer
        let cache: ResponseCache
        let client: Client
        var options: CacheOptions

        init(_ server: RunningDemoServer, ttl: Int = 0, directory: String? = nil, clock: ManualClock? = nil) {
            self.server = server
            if let clock {
                cache = ResponseCache(directory: directory, clock: clock.function)
            } else {
                cache = ResponseCache(directory: directory)
            }
            client = Client(cache: cache)
            options = CacheOptions(namespace: "demo", ttl: .seconds(ttl))
        }

        func get(
            _ path: String, headers: HTTPHeaders = [:], mode: CacheOptions.Mode = .use, cached: Bool = true
        ) async throws -> Response {
            var options = self.options
            options.mode = mode
            let request = PreparedRequest(url: server.url(path), headers: headers)
            return try await client.send(request, options: SendOptions(cache: cached ? options : nil)).response()
        }

        /// `served` from a `/cache` route's body.
        func served(_ response: Response) throws -> Int {
            try #require(try response.echo()["served"]?.intValue)
        }

        func notModifiedCount(_ route: String) async throws -> Int {
            let stats = try await client.send(PreparedRequest(url: server.url("/cache/stats"))).response().echo()
            return stats["not_modified"]?[route]?.intValue ?? 0
        }
    }

    @Test("a fresh entry answers without the server; the server counted one request")
    func hitAndMiss() async throws {
        try await withDemoServer { server in
            let harness = Harness(server)
            let first = try await harness.get("/cache/max-age/60")
            #expect(first.source == .network)
            #expect(first.age == nil)
            #expect(try harness.served(first) == 1)
            let second = try await harness.get("/cache/max-age/60")
            #expect(second.source == .cache)
            #expect(try harness.served(second) == 1)
            #expect(try #require(second.age) >= .zero)
            #expect(second.statusCode == 200)
            #expect(second.headers["Cache-Control"] == "max-age=60")
            let uncached = try await harness.get("/cache/max-age/60", cached: false)
            #expect(uncached.source == .network, "requests without cache options never use it")
            #expect(try harness.served(uncached) == 2)
            let reload = try await harness.get("/cache/max-age/60", mode: .refresh)
            #expect(reload.source == .network)
            #expect(try harness.served(reload) == 3)
            let afterReload = try await harness.get("/cache/max-age/60")
            #expect(try harness.served(afterReload) == 3, "the reload was stored")
        }
    }

    static let precedenceCases: [(String, Int, ResponseSource)] = [
        ("/cache/max-age/60", 0, .cache),
        ("/cache/max-age/0", 600, .network),
        ("/cache/no-store", 600, .network),
        ("/cache/expires/60", 0, .cache),
        ("/cache/expires/0", 600, .network),
        ("/cache/no-cache", 600, .revalidated),
        ("/todos/1", 600, .cache),
        ("/todos/1", 0, .network),
    ]

    @Test("the server's headers override the profile TTL", arguments: precedenceCases)
    func precedence(path: String, ttl: Int, second: ResponseSource) async throws {
        try await withDemoServer { server in
            let harness = Harness(server, ttl: ttl)
            let first = try await harness.get(path)
            let again = try await harness.get(path)
            #expect(first.source == .network)
            #expect(again.source == second)
        }
    }

    @Test("Vary keeps one entry per variant header value")
    func vary() async throws {
        try await withDemoServer { server in
            let harness = Harness(server)
            let blue = try await harness.get("/cache/vary", headers: ["X-Variant": "blue"])
            #expect(blue.source == .network)
            let red = try await harness.get("/cache/vary", headers: ["X-Variant": "red"])
            #expect(red.source == .network)
            #expect(try red.echo()["variant"]?.stringValue == "red")
            let blueAgain = try await harness.get("/cache/vary", headers: ["X-Variant": "blue"])
            #expect(blueAgain.source == .cache)
            #expect(try blueAgain.echo()["variant"]?.stringValue == "blue")
            #expect(try harness.served(blueAgain) == 1)
            #expect(try await harness.get("/cache/vary").source == .network, "no header is a variant of its own")
        }
    }

    @Test("a stale entry with an ETag is revalidated: 304 keeps the body, a change brings the new one")
    func etagRevalidation() async throws {
        try await withDemoServer { server in
            let harness = Harness(server)
            let route = "/cache/etag/report"
            let first = try await harness.get(route)
            #expect(first.source == .network)
            let revalidated = try await harness.get(route)
            #expect(revalidated.source == .revalidated)
            #expect(revalidated.statusCode == 200)
            #expect(try revalidated.body.data() == first.body.data())
            #expect(try await harness.notModifiedCount(route) == 1)
            _ = await harness.client.send(PreparedRequest(method: .post, url: server.url(route + "/bump")))
            let changed = try await harness.get(route)
            #expect(changed.source == .network)
            #expect(try changed.echo()["version"]?.intValue == 2)
            #expect(try harness.served(changed) == 2)
            let again = try await harness.get(route)
            #expect(again.source == .revalidated)
            #expect(try again.echo()["version"]?.intValue == 2)
            #expect(try await harness.notModifiedCount(route) == 2)
        }
    }

    @Test("a stale entry with Last-Modified is revalidated with If-Modified-Since")
    func lastModifiedRevalidation() async throws {
        try await withDemoServer { server in
            let harness = Harness(server)
            #expect(try await harness.get("/cache/last-modified").source == .network)
            let second = try await harness.get("/cache/last-modified")
            #expect(second.source == .revalidated)
            #expect(try harness.served(second) == 1)
            #expect(try await harness.notModifiedCount("/cache/last-modified") == 1)
        }
    }

    @Test("a 304 refreshes the stored entry: fresh again for the profile TTL without asking")
    func revalidationRefreshes() async throws {
        try await withDemoServer { server in
            // Behind the server's clock: a client clock ahead of the server's `Date` would age every response
            // by the difference (RFC 9111's apparent age), which is right but not what this test is about.
            let clock = ManualClock(Date().addingTimeInterval(-120))
            let harness = Harness(server, ttl: 30, clock: clock)
            #expect(try await harness.get("/cache/etag/doc").source == .network)
            #expect(try await harness.get("/cache/etag/doc").source == .cache)
            clock.advance(seconds: 31)
            let revalidated = try await harness.get("/cache/etag/doc")
            #expect(revalidated.source == .revalidated)
            #expect(try #require(revalidated.age) < .seconds(30))
            let fresh = try await harness.get("/cache/etag/doc")
            #expect(fresh.source == .cache)
            #expect(try await harness.notModifiedCount("/cache/etag/doc") == 1)
        }
    }

    @Test("responses are cached per token: another user's request goes to the server")
    func perToken() async throws {
        try await withDemoServer { server in
            let harness = Harness(server)
            let alice: HTTPHeaders = ["Authorization": "Bearer alice"]
            let bob: HTTPHeaders = ["Authorization": "Bearer bob"]
            #expect(try harness.served(await harness.get("/cache/max-age/60", headers: alice)) == 1)
            let bobFirst = try await harness.get("/cache/max-age/60", headers: bob)
            #expect(bobFirst.source == .network)
            #expect(try harness.served(bobFirst) == 2)
            let aliceAgain = try await harness.get("/cache/max-age/60", headers: alice)
            #expect(aliceAgain.source == .cache)
            #expect(try harness.served(aliceAgain) == 1)
            let bobAgain = try await harness.get("/cache/max-age/60", headers: bob)
            #expect(try harness.served(bobAgain) == 2)
            #expect(try await harness.get("/cache/max-age/60").source == .network, "nor to anonymous requests")
        }
    }

    @Test("entries persist: a new cache on the same directory answers without the server")
    func persistence() async throws {
        try await withDemoServer { server in
            let folder = try TemporaryDirectory()
            let first = Harness(server, directory: folder.path)
            let original = try await first.get("/cache/max-age/60")
            let second = Harness(server, directory: folder.path)
            let restored = try await second.get("/cache/max-age/60")
            #expect(restored.source == .cache)
            #expect(try restored.body.data() == original.body.data())
            #expect(restored.headers == original.headers)
        }
    }

    @Test("a successful PUT invalidates what was stored for its URL")
    func invalidation() async throws {
        try await withDemoServer { server in
            let harness = Harness(server, ttl: 600)
            #expect(try await harness.get("/todos/1").source == .network)
            #expect(try await harness.get("/todos/1").source == .cache)
            let body = Data(#"{"title":"changed","completed":true,"user_id":1}"#.utf8)
            let put = PreparedRequest(
                method: .put, url: server.url("/todos/1"), headers: ["Content-Type": "application/json"],
                body: .bytes(body, contentType: "application/json"))
            #expect(try await harness.client.send(put).response().statusCode == 200)
            let after = try await harness.get("/todos/1")
            #expect(after.source == .network)
            #expect(try after.echo()["title"]?.stringValue == "changed")
        }
    }

    @Test("each redirect hop is cached under the URL that answered it")
    func redirects() async throws {
        try await withDemoServer { server in
            let harness = Harness(server, ttl: 60)
            let first = try await harness.get("/redirect/2?status=301")
            #expect(first.source == .network)
            #expect(first.url == server.url("/echo"))
            let second = try await harness.get("/redirect/2?status=301")
            #expect(second.source == .cache)
            #expect(second.url == server.url("/echo"))
            #expect(second.metrics.redirects == 2)
            #expect(second.metrics.bytesReceived == 0, "no hop went to the network")
            let viaFound = try await harness.get("/redirect/1?status=302")
            #expect(viaFound.source == .cache, "a 302 is not stored, but the /echo it leads to is")
            #expect(viaFound.metrics.bytesReceived > 0)
        }
    }
}
