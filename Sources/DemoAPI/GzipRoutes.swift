import Foundation
import Hummingbird
import NIOCore

/// `/gzip` and `/gzip/bytes/{n}`: gzip-compressed when the client accepts it, plain otherwise. The decompressed
/// bytes are the same either way, so tests can compare the two and check progress against Content-Length.
struct GzipRoutes {
    /// Largest `/gzip/bytes/{n}`: it is compressed in memory.
    static let maxBytes = 16 << 20

    /// A JSON document of a few KB: the seed todos repeated with fresh ids.
    static let document: ByteBuffer = {
        let titles = ["Buy milk", "Write the quarterly report", "Book flights to Lisbon", "Water the plants 🌱"]
        let items: [JSONValue] = (1...60).map { index in
            Todo(id: index, title: titles[index % titles.count], completed: index % 3 == 0, userID: index % 4 + 1).json
        }
        return JSONValue.object([
            (key: "description", value: "The same todos, many times over: compresses well."),
            (key: "count", value: .int(items.count)),
            (key: "todos", value: .array(items)),
        ]).bytes
    }()

    func register(on router: Router<BasicRequestContext>) {
        router.get("/gzip") { request, _ in
            Self.answer(Self.document, contentType: "application/json", request: request)
        }
        router.get("/gzip/bytes/:n") { request, context in
            guard let count = context.parameters.get("n", as: Int.self), (0...Self.maxBytes).contains(count) else {
                throw DemoError.badRequest("the byte count must be an integer in 0...\(Self.maxBytes)")
            }
            return Self.answer(
                BytePattern.bytes(count: count),
                contentType: "application/octet-stream",
                request: request
            )
        }
    }

    private static func answer(_ plain: ByteBuffer, contentType: String, request: Request) -> Response {
        var headers: HTTPFields = [.vary: "Accept-Encoding"]
        guard acceptsGzip(request.headers[values: .acceptEncoding]) else {
            return Response.bytes(plain, contentType: contentType, headers: headers)
        }
        headers[.contentEncoding] = "gzip"
        return Response.bytes(Gzip.compress(plain), contentType: contentType, headers: headers)
    }

    /// Whether the Accept-Encoding values allow gzip: `gzip`, `x-gzip` or `*` listed without `q=0`.
    static func acceptsGzip(_ values: [String]) -> Bool {
        EncodedRoutes.accepts(["gzip", "x-gzip"], values)
    }
}
