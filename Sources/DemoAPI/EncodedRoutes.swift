import Foundation
import Hummingbird
import NIOCore

/// `/encoded/{coding}`: one JSON document sent with `Content-Encoding: gzip`, `deflate`, `br` or `zstd` when the
/// client accepts that coding, plain otherwise, with an `ETag` and `Cache-Control: no-cache` so a cache must
/// revalidate (an `If-None-Match` that matches gets a 304). The brotli and zstd bodies were made once with the
/// reference encoders (the demo links no encoder for them); the tests check they decode to the plain document.
struct EncodedRoutes {
    static let codings = ["gzip", "deflate", "br", "zstd"]

    /// The document every coding decodes to (1,416 bytes).
    static let plain: String = {
        let titles = ["Buy milk", "Write the quarterly report", "Book flights to Lisbon", "Water the plants"]
        let items = (1...24).map { index in
            "{\"id\":\(index),\"title\":\"\(titles[index % 4])\",\"completed\":\(index % 3 == 0)}"
        }
        return "{\"description\":\"Encoded on the wire, decoded by apix.\",\"todos\":["
            + items.joined(separator: ",") + "]}"
    }()

    /// zlib format (RFC 1950), which is what HTTP calls `deflate`; base64.
    static let deflate =
        "eNqllM1qwzAQhF9F6GxKJDt/PgZ6672H0oNibRIRxatKa1oT8u4VCbT2oU1kXRdGMx8z6Mw1hMYbRwZbXvPntkENmmHL6ADs"
        + "03gomIbbcdsz5czXEy84ocbA67czN5rXIh4MWYgPvHpDcNV+dMoTeNszDw49RVWDJ2eBIEp2yga4FDe9/NVvEI9sZ83+QIER"
        + "shcTtjHZ39py4K2i39XbWdVSGKvIdz+iamDY9exk7PEfi3km3iINbxh0+SjdyHCVhLdOxxtGFLOM9oSYBCjkPcJRwjKzQFHl"
        + "IM6nLFQskjoUy1zE1fSRivWkEuUsCVGKvJ3KnF9GltMQq4d2+n75BtWD30c="
    static let brotli =
        "G4cFAIzTFfEjpLlnxbZSZTZje3glExpJTP5Th6Vr8dQ1VOtm3gPSjd4h6eHzSQbW54YDpeiIHsBTTnDqf8i8A85hiWm8yuan"
        + "KnmR0EsfJZmbW4eK6dOF+EOTA1WIXAELJKQ8/yZqZsqJ0LITNNj8rw4gZK2C38vm16jZ0mkEYNGzTuyVKBUlz309PLCX8Hi2"
        + "00zFuHRMROfKylrxgizUnu/QBrKarWj2YH3SyCIKyVratEAt0pkdrTujtB5dakoPHflcnwHVExMbCnkskeHFwhdb/Ac="
    static let zstd =
        "KLUv/WSIBOUHADJMJhlgeQPzy6RGh5XTncyvM6VoZp6mpZFZFAVKIUQMc045hZkghzQKQg5TSinIBDmM4rIVix+3EBz+/Flk"
        + "NewfOUN2pVybeD/mt6pqqXjdu0wg9GwjSmnq71bD7tRAP76a4/hZ7I8jbvOv2Gml3X79BqTStDb4KJ0vvd9AB17VovhJTiPg"
        + "uHbRrY/ZjdTpnTKmlc5ufa3iKTttMCWgsWBwgpmw/Cx1gEokVOoB5GE6Q5HeqkjbZiFz/kXYOG0JjzG9Ea59zJGSWMmlwst6"
        + "iOxzBCttyi4kxTdPGw5vj3U7eIonVfOQoMakwSx5/oXaDIaC0QHw54umR6z7ASyX0MQ="

    static func encoded(_ coding: String) -> ByteBuffer {
        let base64 =
            switch coding {
            case "deflate": deflate
            case "br": brotli
            case "zstd": zstd
            default: ""
            }
        if coding == "gzip" { return Gzip.compress(ByteBuffer(string: plain)) }
        return ByteBuffer(bytes: Data(base64Encoded: base64) ?? Data())
    }

    func register(on router: Router<BasicRequestContext>) {
        router.get("/encoded/:coding") { request, context in
            guard let coding = context.parameters.get("coding"), Self.codings.contains(coding) else {
                throw DemoError.badRequest("the coding must be one of \(Self.codings.joined(separator: ", "))")
            }
            let accepted = Self.accepts([coding], request.headers[values: .acceptEncoding])
            let tag = "\"\(accepted ? coding : "identity")-1\""
            var headers: HTTPFields = [.vary: "Accept-Encoding", .eTag: tag, .cacheControl: "no-cache"]
            if request.headers[values: .ifNoneMatch].contains(tag) {
                return Response(status: .notModified, headers: headers)
            }
            guard accepted else {
                return Response.bytes(ByteBuffer(string: Self.plain), contentType: "application/json", headers: headers)
            }
            headers[.contentEncoding] = coding
            return Response.bytes(Self.encoded(coding), contentType: "application/json", headers: headers)
        }
    }

    /// Whether the Accept-Encoding values list one of `codings` (or `*`) without `q=0`.
    static func accepts(_ codings: Set<String>, _ values: [String]) -> Bool {
        for value in values {
            for entry in value.split(separator: ",") {
                let parts = entry.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
                guard let name = parts.first, codings.contains(name) || name == "*" else { continue }
                let refused = parts.dropFirst().contains { parameter in
                    parameter.hasPrefix("q=") && (Double(parameter.dropFirst(2)) ?? 1) == 0
                }
                if !refused { return true }
            }
        }
        return false
    }
}
