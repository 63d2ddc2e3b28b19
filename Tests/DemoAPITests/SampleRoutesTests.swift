import DemoAPI
import TestSupport
import Testing

@Suite("Sample bodies")
struct SampleRoutesTests {
    @Test("/hostile carries terminal escapes in a header and in the body")
    func hostile() async throws {
        try await withDemoServer { server in
            let reply = try await server.send("/hostile")
            let header = try #require(reply.header("X-Hostile"))
            #expect(header.contains("\u{1B}[2J"))
            #expect(header.contains("\u{1B}]0;pwned title\u{07}"))
            #expect(reply.body.contains(0x00))
            #expect(reply.body.contains(0x1B))
            #expect(reply.body.contains(0x0D))
            #expect(reply.body.contains(0x08))
            #expect(String(validating: reply.body, as: UTF8.self) == nil, "the body is not valid UTF-8")
        }
    }

    @Test("Unicode, binary and text samples")
    func samples() async throws {
        try await withDemoServer { server in
            let unicode = try await server.send("/unicode").object()
            #expect((unicode["japanese"] as? String)?.isEmpty == false)
            let binary = try await server.send("/binary")
            #expect(binary.body.count == 2048)
            #expect(Set(binary.body).count == 256)
            for path in ["/html", "/xml", "/text", "/hostile/json"] {
                let reply = try await server.send(path)
                #expect(reply.status == 200, "\(path)")
                #expect(!reply.body.isEmpty, "\(path)")
            }
            #expect(try await server.send("HEAD", "/html").rawBodyCount == 0)
        }
    }
}
