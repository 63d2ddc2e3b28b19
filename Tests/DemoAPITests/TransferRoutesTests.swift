import DemoAPI
import Foundation
import TestSupport
import Testing

@Suite("Transfers")
struct TransferRoutesTests {
    @Test("/bytes/{n} sends exactly n bytes of the i % 251 pattern", arguments: [0, 1, 250, 251, 252, 1 << 20])
    func bytes(count: Int) async throws {
        try await withDemoServer { server in
            let reply = try await server.send("/bytes/\(count)")
            #expect(reply.status == 200)
            #expect(reply.header("Content-Type") == "application/octet-stream")
            #expect(reply.header("Content-Length") == String(count))
            #expect(reply.body.count == count)
            #expect(reply.rawBodyCount == count)
            let mismatch = reply.body.indices.first { reply.body[$0] != UInt8($0 % 251) }
            #expect(mismatch == nil)
        }
    }

    @Test("HEAD /bytes/{n} announces the length without sending the body")
    func bytesHead() async throws {
        try await withDemoServer { server in
            let reply = try await server.send("HEAD", "/bytes/123456")
            #expect(reply.header("Content-Length") == "123456")
            #expect(reply.rawBodyCount == 0)
            #expect(try await server.send("/bytes/-1").status == 400)
        }
    }

    @Test("/upload counts the body and its CRC-32 matches zlib's")
    func upload() async throws {
        try await withDemoServer { server in
            var generator = SeededGenerator(seed: 42)
            let body = (0..<(3 << 20)).map { _ in UInt8.random(in: 0...255, using: &generator) }
            let reply = try await server.send(
                "POST",
                "/upload",
                headers: [("Content-Type", "application/zip")],
                body: body
            )
            let result = try reply.object()
            #expect(result["bytes"] as? Int == body.count)
            #expect(result["crc32"] as? String == Zlib.crc32Hex(body))
            let empty = try await server.send("PUT", "/upload").object()
            #expect(empty["bytes"] as? Int == 0)
            #expect(empty["crc32"] as? String == "00000000")
        }
    }

    @Test("an upload sent with Expect: 100-continue gets the interim answer without waiting for the body")
    func expectContinue() async throws {
        try await withDemoServer { server in
            let connection = try RawConnection(port: server.port)
            defer { connection.close() }
            let head =
                "POST /upload HTTP/1.1\r\nHost: x\r\nContent-Length: 4096\r\nExpect: 100-continue\r\n"
                + "Connection: close\r\n\r\n"
            try connection.sendAll(Array(head.utf8))
            let interim = try await RawHTTPClient.onThread { try connection.read(atLeast: 25) }
            #expect(String(decoding: interim, as: UTF8.self) == "HTTP/1.1 100 Continue\r\n\r\n")
            try connection.sendAll([UInt8](repeating: 7, count: 4096))
            let reply = try await HTTPReply(
                parsing: RawHTTPClient.onThread { try connection.readToEnd() },
                method: "POST"
            )
            #expect(reply.status == 200)
            #expect(try reply.object()["bytes"] as? Int == 4096)
        }
    }

    @Test("/drip spreads the body over the duration")
    func drip() async throws {
        try await withDemoServer { server in
            let clock = ContinuousClock()
            var reply: HTTPReply?
            let elapsed = try await clock.measure {
                reply = try await server.send("/drip?bytes=100&duration=0.4&delay=0.1")
            }
            #expect(reply?.body.count == 100)
            #expect(reply?.header("Content-Length") == "100")
            #expect(elapsed >= .milliseconds(480))
            #expect(try await server.send("/drip?duration=-1").status == 400)
        }
    }

    @Test("/delay/{s} waits before answering")
    func delay() async throws {
        try await withDemoServer { server in
            let clock = ContinuousClock()
            var reply: HTTPReply?
            let elapsed = try await clock.measure { reply = try await server.send("/delay/0.2") }
            #expect(elapsed >= .milliseconds(200))
            #expect(try reply?.object()["delay"] as? Double == 0.2)
            #expect(try await server.send("/delay/abc").status == 400)
        }
    }

    @Test("/status/{code} answers that status", arguments: [200, 201, 299, 404, 418, 500, 503, 599])
    func status(code: Int) async throws {
        try await withDemoServer { server in
            let reply = try await server.send("POST", "/status/\(code)")
            #expect(reply.status == code)
            #expect(try reply.object()["status"] as? Int == code)
        }
    }

    @Test("/status answers 204 and 304 without a body and rejects invalid codes")
    func statusEdges() async throws {
        try await withDemoServer { server in
            for code in [204, 304] {
                let reply = try await server.send("/status/\(code)")
                #expect(reply.status == code)
                #expect(reply.rawBodyCount == 0)
            }
            for code in ["100", "199", "600", "abc"] {
                #expect(try await server.send("/status/\(code)").status == 400)
            }
        }
    }

    @Test("/gzip compresses when the client accepts gzip, with the same content")
    func gzip() async throws {
        try await withDemoServer { server in
            let plain = try await server.send("/gzip")
            #expect(plain.header("Content-Encoding") == nil)
            #expect(plain.header("Vary") == "Accept-Encoding")
            let compressed = try await server.send("/gzip", headers: [("Accept-Encoding", "br, gzip;q=0.8")])
            #expect(compressed.header("Content-Encoding") == "gzip")
            #expect(compressed.header("Content-Length") == String(compressed.body.count))
            #expect(compressed.body.count < plain.body.count)
            #expect(Zlib.gunzip(compressed.body) == plain.body)
            let refused = try await server.send("/gzip", headers: [("Accept-Encoding", "gzip;q=0")])
            #expect(refused.header("Content-Encoding") == nil)
        }
    }

    @Test("/gzip/bytes/{n} decompresses to the byte pattern")
    func gzipBytes() async throws {
        try await withDemoServer { server in
            let reply = try await server.send("/gzip/bytes/300000", headers: [("Accept-Encoding", "gzip")])
            let body = try #require(Zlib.gunzip(reply.body))
            #expect(body.count == 300_000)
            #expect(body.indices.allSatisfy { body[$0] == UInt8($0 % 251) })
        }
    }

    @Test("/json/large streams valid JSON of exactly the requested size", arguments: [2, 600, 1_000_003])
    func largeJSON(size: Int) async throws {
        try await withDemoServer { server in
            let reply = try await server.send("/json/large?bytes=\(size)")
            #expect(reply.header("Content-Length") == String(size))
            #expect(reply.body.count == size)
            let array = try reply.array()
            #expect(array.count == (size - 1) / 513)
            if let first = array.first as? [String: Any] {
                #expect(first["id"] as? Int == 1)
                #expect(first["owner"] is [String: Any])
            }
        }
    }
}
