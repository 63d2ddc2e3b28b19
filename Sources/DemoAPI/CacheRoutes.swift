import Foundation
import HTTPTypes
import Hummingbird

/// Responses with every common caching header, for the client's cache. Each JSON answer carries `served`, the
/// number of 200s this route has answered, so a test can tell a cache hit from a network hit.
struct CacheRoutes {
    let store: CacheStore

    func register(on router: Router<BasicRequestContext>) {
        router.get("/cache/max-age/:seconds") { request, context in
            let seconds = try Self.seconds(context)
            return try await answer(request, headers: [.cacheControl: "max-age=\(seconds)"], ["max_age": .int(seconds)])
        }
        router.get("/cache/no-store") { request, _ in
            try await answer(request, headers: [.cacheControl: "no-store"])
        }
        router.get("/cache/no-cache") { request, _ in
            try await answer(request, headers: [.cacheControl: "no-cache", .eTag: "\"no-cache-v1\""])
        }
        router.get("/cache/expires/:seconds") { request, context in
            let seconds = try Self.seconds(context)
            let expires = HTTPDate.format(HTTPDate.now() + seconds)
            return try await answer(request, headers: [.expires: expires], ["expires": .string(expires)])
        }
        router.get("/cache/etag/:name") { request, context in
            let name = context.parameters.get("name") ?? ""
            let version = await store.etagVersion(name)
            return try await answer(
                request,
                headers: [.eTag: Self.etag(name: name, version: version)],
                ["name": .string(name), "version": .int(version)]
            )
        }
        router.post("/cache/etag/:name/bump") { _, context in
            let name = context.parameters.get("name") ?? ""
            let version = await store.bumpETag(name)
            return Response.json([
                "name": .string(name), "version": .int(version),
                "etag": .string(Self.etag(name: name, version: version)),
            ])
        }
        router.get("/cache/last-modified") { request, _ in
            let lastModified = HTTPDate.format(store.lastModified)
            return try await answer(
                request,
                headers: [.lastModified: lastModified],
                ["last_modified": .string(lastModified)]
            )
        }
        router.get("/cache/vary") { request, _ in
            let variant = request.headers[Self.variantHeader]
            return try await answer(
                request,
                headers: [.vary: "X-Variant", .cacheControl: "max-age=60"],
                ["variant": .string(orNull: variant)]
            )
        }
        router.get("/cache/stats") { _, _ in
            let snapshot = await store.snapshot()
            func object(_ counts: [String: Int]) -> JSONValue {
                .object(counts.sorted { $0.key < $1.key }.map { (key: $0.key, value: .int($0.value)) })
            }
            return Response.json([
                "served": object(snapshot.served),
                "not_modified": object(snapshot.notModified),
                "total_served": .int(snapshot.served.values.reduce(0, +)),
                "total_not_modified": .int(snapshot.notModified.values.reduce(0, +)),
            ])
        }
    }

    static let variantHeader = HTTPField.Name("X-Variant")!

    /// Answers 304 when the request's validators match `headers`, else a 200 JSON body with `extra` fields and
    /// the route's `served` counter. A 304 repeats the caching headers, as RFC 9110 section 15.4.5 requires.
    private func answer(
        _ request: Request,
        headers: HTTPFields,
        _ extra: JSONValue = [:]
    ) async throws -> Response {
        let route = request.uri.path
        if Self.isNotModified(request, headers: headers, lastModified: store.lastModified) {
            if request.method != .head { await store.countNotModified(route) }
            return Response.empty(status: .notModified, headers: headers)
        }
        let served = request.method == .head ? await store.servedCount(route) : await store.countServed(route)
        guard case .object(let extraMembers) = extra else { preconditionFailure("extra fields must be an object") }
        let body: JSONValue = .object(
            [(key: "route", value: .string(route)), (key: "served", value: .int(served))] + extraMembers
        )
        return Response.json(body, headers: headers)
    }

    /// RFC 9110 section 13.2.2: If-None-Match (weak comparison) wins; If-Modified-Since counts only without it.
    static func isNotModified(_ request: Request, headers: HTTPFields, lastModified: Int) -> Bool {
        let ifNoneMatch = request.headers[values: .ifNoneMatch]
        if !ifNoneMatch.isEmpty {
            guard let etag = headers[.eTag] else { return false }
            let candidates = ifNoneMatch.flatMap { $0.split(separator: ",") }.map {
                $0.trimmingCharacters(in: .whitespaces)
            }
            return candidates.contains { $0 == "*" || Self.weakTag($0) == Self.weakTag(etag) }
        }
        if headers[.lastModified] != nil, let since = request.headers[.ifModifiedSince].flatMap(HTTPDate.parse) {
            return since >= lastModified
        }
        return false
    }

    /// The opaque part of an entity tag, for weak comparison (`W/"x"` equals `"x"`).
    private static func weakTag(_ tag: some StringProtocol) -> Substring {
        tag.hasPrefix("W/") ? Substring(tag.dropFirst(2)) : Substring(tag)
    }

    /// A strong ETag derived from the resource's name and version: stable until the resource is bumped.
    static func etag(name: String, version: Int) -> String {
        var crc = CRC32()
        Array("\(name)\u{0}\(version)".utf8).withUnsafeBytes { crc.update($0) }
        return "\"\(crc.hex)-\(version)\""
    }

    private static func seconds(_ context: BasicRequestContext) throws -> Int {
        guard let seconds = context.parameters.get("seconds", as: Int.self), (0...31_536_000).contains(seconds) else {
            throw DemoError.badRequest("the seconds must be an integer in 0...31536000")
        }
        return seconds
    }
}
