import DemoAPI
import Foundation
import TestSupport
import Testing

@testable import ExplorerCore

/// Compressed responses against the demo API's `/encoded/{coding}` routes (gzip and deflate made with zlib, br and
/// zstd made once with the reference encoders), decoded by libcurl.
@Suite("Compressed responses")
struct CompressionTests {
    let client = Client()

    func plain(_ server: RunningDemoServer, _ path: String) async throws -> Response {
        var request = PreparedRequest(url: server.url(path))
        request.options.compressed = false
        return try await client.send(request).response()
    }

    @Test("gzip, deflate, br and zstd are asked for by default and decoded, with the wire and decoded sizes")
    func decodesEveryCoding() async throws {
        try await withDemoServer { server in
            for coding in ["gzip", "deflate", "br", "zstd"] {
                let uncompressed = try await plain(server, "/encoded/\(coding)")
                #expect(uncompressed.headers["Content-Encoding"] == nil)
                #expect(uncompressed.metrics.decoding == nil)
                let response = try await client.send(PreparedRequest(url: server.url("/encoded/\(coding)"))).response()
                #expect(response.headers["Content-Encoding"] == coding)
                #expect(try response.body.data() == uncompressed.body.data(), "\(coding) decodes to the document")
                #expect(try JSONValue.parse(response.body.data())["todos"]?.arrayValue?.count == 24)
                let decoding = try #require(response.metrics.decoding, "\(coding)")
                #expect(decoding.encoding == coding)
                #expect(decoding.decodedBytes == response.body.count)
                #expect(decoding.wireBytes == Int64(response.headers["Content-Length"] ?? ""))
                #expect(decoding.wireBytes < decoding.decodedBytes)
                #expect(
                    BodyDecoding.sizeText(of: response.body, decoding: response.metrics.decoding)
                        == "\(Units.bytes(decoding.wireBytes)) (1.38 KiB decoded)")
            }
        }
    }

    @Test("the request says which codings it accepts, and compressed: false sends no Accept-Encoding")
    func acceptEncoding() async throws {
        try await withDemoServer { server in
            let asked = try await client.send(PreparedRequest(url: server.url("/echo"))).response().echo()
            let sent = asked["headers"]?.pairs.first { $0.0.lowercased() == "accept-encoding" }?.1 ?? ""
            for coding in ["gzip", "deflate", "br", "zstd"] { #expect(sent.contains(coding), "\(sent)") }
            var request = PreparedRequest(url: server.url("/echo"))
            request.options.compressed = false
            let plain = try await client.send(request).response().echo()
            #expect(plain["headers"]?.pairs.contains { $0.0.lowercased() == "accept-encoding" } == false)
        }
    }

    @Test("the cache stores the decoded body and a 304 revalidation answers with it")
    func cacheKeepsDecodedBody() async throws {
        let directory = try TemporaryDirectory()
        try await withDemoServer { server in
            let cache = ResponseCache(directory: directory.path)
            let client = Client(cache: cache)
            let options = SendOptions(cache: CacheOptions(namespace: "demo", ttl: .zero))
            let request = PreparedRequest(url: server.url("/encoded/gzip"))
            let first = try await client.send(request, options: options).response()
            #expect(first.source == .network)
            #expect(first.metrics.decoding?.encoding == "gzip")
            let second = try await client.send(request, options: options).response()
            #expect(second.source == .revalidated)
            #expect(try second.body.data() == first.body.data())
            #expect(try JSONValue.parse(second.body.data())["todos"] != nil)
            // From the file, in a new process's cache: still the decoded document.
            let reopened = Client(cache: ResponseCache(directory: directory.path))
            let third = try await reopened.send(request, options: options).response()
            #expect(third.source == .revalidated)
            #expect(try third.body.data() == first.body.data())
        }
    }
}
