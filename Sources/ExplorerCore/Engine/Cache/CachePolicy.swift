import Foundation

/// The caching rules: RFC 9111 for a private cache, plus the profile's `cache:` lifetime. Pure functions of
/// requests, responses and times; `ResponseCache` does the storing.
///
/// How long a stored response stays fresh, first match wins:
/// 1. `Cache-Control: no-store` (in the response or the request): never stored.
/// 2. `Cache-Control: no-cache`: stored, but revalidated with the server before every reuse.
/// 3. `Cache-Control: max-age=N`: N seconds (`s-maxage` is for shared caches and ignored).
/// 4. `Expires`: until that date, measured against the response's `Date`; an invalid date means already stale.
/// 5. The profile's `cache: SECONDS`.
/// Otherwise zero: the response is kept, to show it again and to revalidate it, but never reused unasked.
enum CachePolicy {
    /// Statuses a cache may store without explicit permission (the heuristically cacheable ones apix uses).
    static let storableStatuses: Set<Int> = [200, 203, 204, 301, 404]
    /// A request carrying one of these asks the server a conditional or partial question the cache must not
    /// answer or change, so it goes through untouched.
    static let passThroughHeaders = [
        "If-None-Match", "If-Modified-Since", "If-Match", "If-Unmodified-Since",
        "If-Range", "Range",
    ]
    /// Headers a 304 must not change in the stored response (RFC 9111 section 3.2, and hop-by-hop fields).
    static let keptOnRevalidation: Set<String> = [
        "content-length", "transfer-encoding", "connection", "keep-alive",
        "content-encoding", "content-range",
    ]

    /// Why a response stays fresh for as long as it does.
    enum Origin: String, Sendable, Equatable {
        case maxAge = "max-age"
        case expires
        case profile
        case none
    }

    enum Freshness: Sendable, Equatable {
        /// Must not be stored.
        case noStore
        /// May be stored, but must be revalidated before every reuse.
        case revalidate
        /// Fresh for this long after it was generated.
        case lifetime(Duration, Origin)
    }

    /// The `Cache-Control` directives the cache acts on.
    struct Directives: Sendable, Equatable {
        var noStore = false
        var noCache = false
        /// `nil` when absent; 0 when present but malformed (RFC 9111 section 4.2.1: treat as stale).
        var maxAge: Int?

        init(_ headers: HTTPHeaders) {
            for value in headers.values(for: "Cache-Control") {
                for item in CachePolicy.directiveItems(value) {
                    switch item.name {
                    case "no-store": noStore = true
                    case "no-cache": noCache = true
                    case "max-age" where maxAge == nil:
                        maxAge = item.argument.flatMap(CachePolicy.deltaSeconds) ?? 0
                    default: break
                    }
                }
            }
            if headers.values(for: "Pragma").contains(where: { $0.lowercased().contains("no-cache") }) {
                noCache = true
            }
        }
    }

    // MARK: - Requests

    /// Whether the cache takes part in `request` at all: GET and HEAD, not downloaded to a file, not conditional or
    /// ranged, and not `no-store`.
    static func applies(to request: PreparedRequest) -> Bool {
        (request.method == .get || request.method == .head) && request.options.downloadTo == nil
            && !passThroughHeaders.contains { request.headers.contains($0) } && !Directives(request.headers).noStore
    }

    /// Whether the request itself asks for an answer from the server (`no-cache`, `max-age=0`, `Pragma: no-cache`).
    static func requestsReload(_ request: PreparedRequest) -> Bool {
        let directives = Directives(request.headers)
        return directives.noCache || directives.maxAge == 0
    }

    /// Whether an unsafe request's response invalidates what is stored for its URL (RFC 9111 section 4.4).
    static func invalidates(_ request: PreparedRequest, response: Response) -> Bool {
        ![.get, .head, .options].contains(request.method) && response.statusCode < 400
    }

    // MARK: - Responses

    /// Whether `response` to `request` may be stored: a storable method and status, no `no-store`, no `Vary: *`,
    /// and a body in memory no larger than `maxBodyBytes` (spooled and downloaded bodies are not cached).
    static func isStorable(_ response: Response, for request: PreparedRequest, maxBodyBytes: Int) -> Bool {
        applies(to: request) && storableStatuses.contains(response.statusCode)
            && !Directives(response.headers).noStore && varyNames(response.headers) != nil
            && response.body.filePath == nil && !response.body.wasStreamed && response.body.count <= Int64(maxBodyBytes)
    }

    /// How long `headers` say the response is fresh, with `ttl` (the profile's) as the fallback.
    static func freshness(of headers: HTTPHeaders, responseTime: Date, ttl: Duration) -> Freshness {
        let directives = Directives(headers)
        if directives.noStore { return .noStore }
        if directives.noCache { return .revalidate }
        if let maxAge = directives.maxAge { return .lifetime(.seconds(maxAge), .maxAge) }
        if let expires = headers["Expires"] {
            guard let date = HTTPDate.parse(expires) else { return .lifetime(.zero, .expires) }
            let generated = headers["Date"].flatMap(HTTPDate.parse) ?? responseTime
            return .lifetime(.seconds(max(0, date.timeIntervalSince(generated))), .expires)
        }
        return ttl > .zero ? .lifetime(ttl, .profile) : .lifetime(.zero, .none)
    }

    /// The response's age when it arrived (RFC 9111 section 4.2.3): what `Age` and `Date` say, plus the time the
    /// request took, so clock skew never makes a response look younger than it is.
    static func initialAge(of headers: HTTPHeaders, requestTime: Date, responseTime: Date) -> Duration {
        let ageValue = Double(headers["Age"].flatMap(deltaSeconds) ?? 0)
        let date = headers["Date"].flatMap(HTTPDate.parse)
        let apparentAge = date.map { max(0, responseTime.timeIntervalSince($0)) } ?? 0
        let correctedAge = max(0, ageValue) + max(0, responseTime.timeIntervalSince(requestTime))
        return .seconds(max(apparentAge, correctedAge))
    }

    /// The conditional headers that revalidate a response with these headers; empty when it has no validator.
    static func validators(for headers: HTTPHeaders) -> HTTPHeaders {
        var conditional = HTTPHeaders()
        if let etag = headers["ETag"] { conditional.set("If-None-Match", etag) }
        if let lastModified = headers["Last-Modified"] { conditional.set("If-Modified-Since", lastModified) }
        return conditional
    }

    /// The request headers a response varies on, lower-cased and sorted; `nil` for `Vary: *` (never reusable).
    static func varyNames(_ headers: HTTPHeaders) -> [String]? {
        var names: Set<String> = []
        for value in headers.values(for: "Vary") {
            // Split by scalars: a `,` followed by a combining mark is one character, and `Vary: Cookie,́ X` read by
            // characters named one header nobody sends, so answers for any cookie were reused. A member that is not
            // a header name counts as `*`: what it asks to vary on cannot be known.
            for name in value.unicodeScalars.split(separator: ",") {
                let trimmed = String(String.UnicodeScalarView(name)).trimmingCharacters(in: .whitespaces).lowercased()
                if trimmed == "*" || !trimmed.unicodeScalars.allSatisfy(isTokenScalar) { return nil }
                if !trimmed.isEmpty { names.insert(trimmed) }
            }
        }
        return names.sorted()
    }

    /// A scalar of an HTTP token (RFC 9110 section 5.6.2), as a header name is written.
    private static func isTokenScalar(_ scalar: Unicode.Scalar) -> Bool {
        scalar.isASCII
            && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)
                || "!#$%&'*+-.^_`|~".unicodeScalars.contains(scalar))
    }

    /// The stored headers updated by a 304's (RFC 9111 section 3.2), except those describing the stored body.
    static func updatedHeaders(_ stored: HTTPHeaders, with notModified: HTTPHeaders) -> HTTPHeaders {
        var updates = HTTPHeaders()
        for field in notModified where !keptOnRevalidation.contains(field.name.lowercased()) {
            updates.add(field.name, field.value)
        }
        return stored.merging(updates)
    }

    /// A delta-seconds value (`Age`, `max-age`) as RFC 9111 section 1.2.2 reads it: digits only (anything else is not
    /// one: nil), and past 2^31 taken as 2^31. `Age: 1e300` was read as a Double, and turning it into a `Duration`
    /// trapped: a server ended apix with one header on an endpoint with `cache:`.
    static func deltaSeconds(_ text: String) -> Int? {
        let digits = text.trimmingCharacters(in: .whitespaces).utf8
        guard !digits.isEmpty, digits.allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
        let greatest = 1 << 31
        var value = 0
        for digit in digits {
            value = value * 10 + Int(digit - 0x30)
            if value >= greatest { return greatest }
        }
        return value
    }

    /// `name` or `name=argument` items of a `Cache-Control` value, names lower-cased, quotes removed.
    static func directiveItems(_ value: String) -> [(name: String, argument: String?)] {
        var items: [(String, String?)] = []
        // Scalar by scalar: a `,` or `"` followed by a combining mark is one character, and read by characters
        // `max-age=60,́ no-store` lost its `no-store`.
        var current = String.UnicodeScalarView()
        var quoted = false
        for scalar in (value + ",").unicodeScalars {
            if scalar == "\"" { quoted.toggle() }
            if scalar == ",", !quoted {
                let parts = current.split(separator: "=", maxSplits: 1).map {
                    String(String.UnicodeScalarView($0)).trimmingCharacters(in: .whitespaces)
                }
                if let name = parts.first, !name.isEmpty {
                    let argument =
                        parts.count > 1
                        ? parts[1].trimmingCharacters(in: CharacterSet(charactersIn: "\"")) : nil
                    items.append((name.lowercased(), argument))
                }
                current = String.UnicodeScalarView()
            } else {
                current.append(scalar)
            }
        }
        return items
    }
}
