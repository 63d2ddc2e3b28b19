import Foundation
import Hummingbird
import NIOCore

/// `/echo` and `/echo/{anything...}` for every common method: answers with what the client sent, so tests can
/// check query encoding, header handling and request bodies from the server's side.
struct EchoRoutes {
    /// Methods the echo answers (HEAD gets the headers of the GET-style answer without its body).
    static let methods: [HTTPRequest.Method] = [.get, .post, .put, .patch, .delete, .head, .options]
    /// Bodies up to this size are returned in the answer; larger ones are only counted and checksummed.
    static let collectLimit = 64 << 20

    func register(on router: Router<BasicRequestContext>) {
        for path in ["/echo", "/echo/**"] {
            for method in Self.methods {
                router.on(RouterPath(path), method: method) { request, _ in try await Self.echo(request) }
            }
        }
    }

    /// The echo answer for `request`; also used as the final hop of the redirect routes.
    static func echo(_ request: Request) async throws -> Response {
        var collected = ByteBuffer()
        var truncated = false
        var byteCount = 0
        var crc = CRC32()
        for try await chunk in request.body {
            byteCount += chunk.readableBytes
            crc.update(chunk)
            if !truncated {
                if collected.readableBytes + chunk.readableBytes <= collectLimit {
                    var chunk = chunk
                    collected.writeBuffer(&chunk)
                } else {
                    truncated = true
                    collected = ByteBuffer()
                }
            }
        }

        var text: String?
        var base64: String?
        if !truncated {
            text = String(validating: collected.readableBytesView, as: UTF8.self)
            if text == nil { base64 = Data(collected.readableBytesView).base64EncodedString() }
        }
        let answer: JSONValue = [
            "method": .string(request.method.rawValue),
            "path": .string(request.uri.path),
            "raw_query": .string(orNull: request.uri.query),
            "query": .array(request.queryPairs.map { [.string($0.name), .string($0.value)] }),
            "headers": .array(headerPairs(request).map { [.string($0.name), .string($0.value)] }),
            "content_type": .string(orNull: request.headers[.contentType]),
            "body_bytes": .int(byteCount),
            "body_crc32": .string(crc.hex),
            "body_truncated": .bool(truncated),
            "body": .string(orNull: text),
            "body_base64": .string(orNull: base64),
        ]
        return Response.json(answer).forMethod(request.method)
    }

    /// Header fields in the order received. HTTP types lift the Host header into the request's authority, so it
    /// is put back first, where clients send it; its original spelling is lost (reported as `Host`).
    private static func headerPairs(_ request: Request) -> [(name: String, value: String)] {
        var pairs: [(name: String, value: String)] = []
        if let authority = request.head.authority {
            pairs.append((name: "Host", value: authority))
        }
        for field in request.headers {
            pairs.append((name: field.name.rawName, value: field.value))
        }
        return pairs
    }
}
