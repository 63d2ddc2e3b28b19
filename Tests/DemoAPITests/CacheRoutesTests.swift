import DemoAPI
import TestSupport
import Testing

@Suite("Cache headers")
struct CacheRoutesTests {
    @Test("ETag: 304 when If-None-Match matches, a new tag after a bump")
    func etag() async throws {
        try await withDemoServer { server in
            let first = try await server.send("/cache/etag/report")
            #expect(first.status == 200)
            let tag = try #require(first.header("ETag"))
            #expect(tag.hasPrefix("\"") && !tag.hasPrefix("W/"))
            #expect(try first.object()["served"] as? Int == 1)
            #expect(try await server.send("/cache/etag/report").header("ETag") == tag, "stable for the same content")

            let revalidated = try await server.send("/cache/etag/report", headers: [("If-None-Match", "\"x\", \(tag)")])
            #expect(revalidated.status == 304)
            #expect(revalidated.rawBodyCount == 0)
            #expect(revalidated.header("ETag") == tag)

            #expect(try await server.send("POST", "/cache/etag/report/bump").status == 200)
            let changed = try await server.send("/cache/etag/report", headers: [("If-None-Match", tag)])
            #expect(changed.status == 200)
            #expect(changed.header("ETag") != tag)
            #expect(try changed.object()["served"] as? Int == 3)

            let stats = try await server.send("/cache/stats").object()
            #expect((stats["served"] as? [String: Int])?["/cache/etag/report"] == 3)
            #expect((stats["not_modified"] as? [String: Int])?["/cache/etag/report"] == 1)
            #expect(stats["total_not_modified"] as? Int == 1)
        }
    }

    @Test("max-age and no-store headers; the served counter counts GETs only")
    func maxAge() async throws {
        try await withDemoServer { server in
            let first = try await server.send("/cache/max-age/60")
            #expect(first.header("Cache-Control") == "max-age=60")
            #expect(try first.object()["served"] as? Int == 1)
            _ = try await server.send("HEAD", "/cache/max-age/60")
            #expect(try await server.send("/cache/max-age/60").object()["served"] as? Int == 2)
            #expect(try await server.send("/cache/max-age/5").object()["served"] as? Int == 1, "counted per path")
            #expect(try await server.send("/cache/no-store").header("Cache-Control") == "no-store")
            let noCache = try await server.send("/cache/no-cache")
            #expect(noCache.header("Cache-Control") == "no-cache")
            #expect(noCache.header("ETag") != nil)
        }
    }

    @Test("Last-Modified: 304 when If-Modified-Since is not older")
    func lastModified() async throws {
        try await withDemoServer { server in
            let first = try await server.send("/cache/last-modified")
            let lastModified = try #require(first.header("Last-Modified"))
            #expect(lastModified.hasSuffix(" GMT"))
            let same = try await server.send("/cache/last-modified", headers: [("If-Modified-Since", lastModified)])
            #expect(same.status == 304)
            let older = try await server.send(
                "/cache/last-modified",
                headers: [("If-Modified-Since", "Sun, 06 Nov 1994 08:49:37 GMT")]
            )
            #expect(older.status == 200)
            let expires = try await server.send("/cache/expires/30")
            #expect(expires.header("Expires")?.hasSuffix(" GMT") == true)
        }
    }

    @Test("Vary: X-Variant echoes the variant")
    func vary() async throws {
        try await withDemoServer { server in
            let reply = try await server.send("/cache/vary", headers: [("X-Variant", "blue")])
            #expect(reply.header("Vary") == "X-Variant")
            #expect(try reply.object()["variant"] as? String == "blue")
        }
    }
}
