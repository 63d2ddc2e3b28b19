import DemoAPI
import Foundation
import TestSupport
import Testing

@Suite("Echo")
struct EchoRoutesTests {
    @Test("reflects method, path and the decoded query in order with repeats")
    func reflectsQuery() async throws {
        try await withDemoServer { server in
            let reply = try await server.send("PATCH", "/echo/a%20b/c?x=1&y=a+b&x=%E2%9C%93&flag&e=")
            #expect(reply.status == 200)
            let echo = try reply.object()
            #expect(echo["method"] as? String == "PATCH")
            #expect(echo["path"] as? String == "/echo/a%20b/c")
            #expect(echo["raw_query"] as? String == "x=1&y=a+b&x=%E2%9C%93&flag&e=")
            let query = try #require(echo["query"] as? [[String]])
            #expect(query == [["x", "1"], ["y", "a b"], ["x", "✓"], ["flag", ""], ["e", ""]])
        }
    }

    @Test("reflects headers in the order received, Host first")
    func reflectsHeaders() async throws {
        try await withDemoServer { server in
            let reply = try await server.send(
                "/echo",
                headers: [("X-First", "1"), ("Accept", "application/json"), ("X-First", "2"), ("Cookie", "a=1; b=2")]
            )
            let headers = try #require(try reply.object()["headers"] as? [[String]])
            #expect(headers.first == ["Host", "127.0.0.1:\(server.port)"])
            let custom = headers.filter { ["X-First", "Accept", "Cookie"].contains($0[0]) }
            #expect(
                custom == [
                    ["X-First", "1"], ["Accept", "application/json"], ["X-First", "2"], ["Cookie", "a=1; b=2"],
                ]
            )
        }
    }

    @Test("returns a UTF-8 body as text with its size and checksum")
    func textBody() async throws {
        try await withDemoServer { server in
            let body = #"{"name":"Zoë","emoji":"🚀"}"#
            let echo = try await server.send("POST", "/echo", json: body).object()
            #expect(echo["body"] as? String == body)
            #expect(echo["body_base64"] is NSNull)
            #expect(echo["body_bytes"] as? Int == body.utf8.count)
            #expect(echo["body_crc32"] as? String == Zlib.crc32Hex(Array(body.utf8)))
            #expect(echo["content_type"] as? String == "application/json")
        }
    }

    @Test("returns a body that is not UTF-8 as Base64")
    func binaryBody() async throws {
        try await withDemoServer { server in
            let body: [UInt8] = [0x00, 0xFF, 0xFE, 0x41, 0xC3, 0x28]
            let echo = try await server.send(
                "PUT",
                "/echo",
                headers: [("Content-Type", "application/octet-stream")],
                body: body
            )
            .object()
            #expect(echo["body"] is NSNull)
            #expect(echo["body_base64"] as? String == Data(body).base64EncodedString())
            #expect(echo["body_bytes"] as? Int == body.count)
        }
    }

    @Test("answers HEAD with the headers of the answer but no body")
    func head() async throws {
        try await withDemoServer { server in
            let reply = try await server.send("HEAD", "/echo?x=1")
            #expect(reply.status == 200)
            #expect(Int(reply.header("Content-Length") ?? "") ?? 0 > 0)
            #expect(reply.rawBodyCount == 0)
        }
    }

    @Test("answers OPTIONS and DELETE too")
    func otherMethods() async throws {
        try await withDemoServer { server in
            for method in ["OPTIONS", "DELETE"] {
                let echo = try await server.send(method, "/echo/x").object()
                #expect(echo["method"] as? String == method)
            }
        }
    }

    @Test("unknown routes answer 404 with a JSON error, also for HEAD")
    func unknownRoute() async throws {
        try await withDemoServer { server in
            let reply = try await server.send("/no/such/route")
            #expect(reply.status == 404)
            #expect(reply.header("Content-Type") == "application/json")
            #expect(try reply.object()["error"] as? String == "not_found")
            let head = try await server.send("HEAD", "/no/such/route")
            #expect(head.status == 404)
            #expect(head.rawBodyCount == 0)
        }
    }
}
