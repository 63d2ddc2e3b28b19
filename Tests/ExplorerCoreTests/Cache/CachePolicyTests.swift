import Foundation
import Testing

@testable import ExplorerCore

@Suite("Cache rules (pure)")
struct CachePolicyTests {
    static let storableCases: [(HTTPMethod, Int, HTTPHeaders, Bool)] = [
        (.get, 200, [:], true),
        (.head, 200, [:], true),
        (.get, 203, [:], true),
        (.get, 204, [:], true),
        (.get, 301, [:], true),
        (.get, 404, [:], true),
        (.post, 200, ["Cache-Control": "max-age=60"], false),
        (.get, 201, [:], false),
        (.get, 302, ["Cache-Control": "max-age=60"], false),
        (.get, 500, [:], false),
        (.get, 200, ["Cache-Control": "no-store"], false),
        (.get, 200, ["Cache-Control": "private, NO-STORE"], false),
        (.get, 200, ["Vary": "Accept, *"], false),
        (.get, 200, ["Cache-Control": "private, max-age=10", "Vary": "Accept"], true),
    ]

    @Test(
        "only GET/HEAD answers with 200, 203, 204, 301 or 404 are stored, never no-store or Vary: *",
        arguments: storableCases)
    func storable(method: HTTPMethod, status: Int, headers: HTTPHeaders, expected: Bool) {
        let request = CacheFixtures.request(method: method)
        let response = CacheFixtures.response(status: status, headers: headers, method: method)
        #expect(CachePolicy.isStorable(response, for: request, maxBodyBytes: 1 << 20) == expected)
    }

    @Test("bodies over the entry limit are not stored")
    func bodyLimit() {
        let response = CacheFixtures.response(body: String(repeating: "x", count: 101))
        #expect(!CachePolicy.isStorable(response, for: CacheFixtures.request(), maxBodyBytes: 100))
        #expect(CachePolicy.isStorable(response, for: CacheFixtures.request(), maxBodyBytes: 101))
    }

    static let generated = Date(timeIntervalSince1970: 1_700_000_000)
    static let date = "Tue, 14 Nov 2023 22:13:20 GMT"  // == generated
    static let inOneMinute = "Tue, 14 Nov 2023 22:14:20 GMT"

    static let precedence: [(HTTPHeaders, Int, CachePolicy.Freshness)] = [
        ([:], 0, .lifetime(.zero, .none)),
        ([:], 30, .lifetime(.seconds(30), .profile)),
        (["Cache-Control": "max-age=10"], 30, .lifetime(.seconds(10), .maxAge)),
        (["Cache-Control": "max-age=0"], 30, .lifetime(.zero, .maxAge)),
        (["Cache-Control": "max-age=abc"], 30, .lifetime(.zero, .maxAge)),
        (["Cache-Control": "max-age=-5"], 30, .lifetime(.zero, .maxAge)),
        // Past 2^31 a delta-seconds value is 2^31 (RFC 9111 1.2.2), not stale.
        (["Cache-Control": "max-age=99999999999999999999"], 30, .lifetime(.seconds(1 << 31), .maxAge)),
        (["Cache-Control": "private=\"a, b\", max-age=20"], 0, .lifetime(.seconds(20), .maxAge)),
        (["Date": date, "Expires": inOneMinute], 30, .lifetime(.seconds(60), .expires)),
        (["Date": date, "Expires": "0"], 30, .lifetime(.zero, .expires)),
        (["Date": date, "Expires": inOneMinute, "Cache-Control": "max-age=5"], 30, .lifetime(.seconds(5), .maxAge)),
        (["Cache-Control": "no-cache, max-age=60"], 30, .revalidate),
        (["Pragma": "no-cache"], 30, .revalidate),
        (["Cache-Control": "no-cache", "Expires": inOneMinute], 30, .revalidate),
        (["Cache-Control": "no-store, no-cache, max-age=60"], 30, .noStore),
        // A `,` or `"` followed by a combining mark still separates or quotes (read by scalars, as sent).
        (["Cache-Control": "no-store,\u{301} max-age=60"], 30, .noStore),
        (["Cache-Control": "private=\"a\"\u{301}, no-cache"], 30, .revalidate),
    ]

    @Test("freshness: no-store > no-cache > max-age > Expires > profile TTL", arguments: precedence)
    func freshness(headers: HTTPHeaders, ttl: Int, expected: CachePolicy.Freshness) {
        let freshness = CachePolicy.freshness(of: headers, responseTime: Self.generated, ttl: .seconds(ttl))
        #expect(freshness == expected)
    }

    @Test("Expires without Date counts from when the response arrived")
    func expiresWithoutDate() {
        let arrived = Self.generated.addingTimeInterval(20)
        let freshness = CachePolicy.freshness(of: ["Expires": Self.inOneMinute], responseTime: arrived, ttl: .zero)
        #expect(freshness == .lifetime(.seconds(40), .expires))
    }

    @Test("age on arrival: the larger of Age plus the round trip and the Date difference")
    func initialAge() {
        let sent = Self.generated
        let arrived = sent.addingTimeInterval(2)
        #expect(CachePolicy.initialAge(of: [:], requestTime: sent, responseTime: arrived) == .seconds(2))
        #expect(CachePolicy.initialAge(of: ["Age": "100"], requestTime: sent, responseTime: arrived) == .seconds(102))
        // What is not delta-seconds is no age (`1e300` as a Double trapped becoming a Duration); past 2^31 it is 2^31.
        for text in ["1e300", "inf", "nan", "-5", "1.5", ""] {
            #expect(CachePolicy.initialAge(of: ["Age": text], requestTime: sent, responseTime: arrived) == .seconds(2))
        }
        #expect(
            CachePolicy.initialAge(of: ["Age": "99999999999999999999999"], requestTime: sent, responseTime: arrived)
                == .seconds((1 << 31) + 2))
        let dated: HTTPHeaders = ["Date": "Tue, 14 Nov 2023 22:13:10 GMT"]  // 10 s before `sent`
        #expect(CachePolicy.initialAge(of: dated, requestTime: sent, responseTime: arrived) == .seconds(12))
    }

    @Test("a stored response ages while it is kept and is fresh until its lifetime")
    func ageing() {
        let clock = ManualClock(Self.generated)
        let record = CachedResponse(
            response: CacheFixtures.response(headers: ["Cache-Control": "max-age=60"]), body: Data(),
            requestTime: clock.now, responseTime: clock.now, identity: "", varyNames: [], varyDigest: "")
        #expect(record.isFresh(at: clock.now, ttl: .zero))
        clock.advance(seconds: 59)
        #expect(record.age(at: clock.now) == .seconds(59))
        #expect(record.isFresh(at: clock.now, ttl: .zero))
        clock.advance(seconds: 1)
        #expect(!record.isFresh(at: clock.now, ttl: .seconds(3600)), "max-age wins over a longer profile TTL")
    }

    @Test("validators become conditional headers")
    func validators() {
        let both = CachePolicy.validators(for: ["ETag": "\"v1\"", "Last-Modified": Self.date])
        #expect(both["If-None-Match"] == "\"v1\"")
        #expect(both["If-Modified-Since"] == Self.date)
        #expect(CachePolicy.validators(for: ["Cache-Control": "max-age=1"]).isEmpty)
    }

    static let passThrough: [(HTTPHeaders, Bool)] = [
        ([:], true),
        (["If-None-Match": "\"x\""], false),
        (["If-Modified-Since": date], false),
        (["Range": "bytes=0-9"], false),
        (["Cache-Control": "no-store"], false),
        (["Cache-Control": "no-cache"], true),
    ]

    @Test("conditional, ranged and no-store requests bypass the cache", arguments: passThrough)
    func applies(headers: HTTPHeaders, expected: Bool) {
        #expect(CachePolicy.applies(to: CacheFixtures.request(headers: headers)) == expected)
    }

    @Test("a download to a file bypasses the cache")
    func downloads() {
        var request = CacheFixtures.request()
        request.options.downloadTo = "/tmp/x"
        #expect(!CachePolicy.applies(to: request))
    }

    @Test("Vary names are normalised; Vary: * means never reusable")
    func vary() {
        #expect(
            CachePolicy.varyNames(["Vary": "X-Variant, accept", "vary": "Accept-Language"])
                == ["accept", "accept-language", "x-variant"])
        #expect(CachePolicy.varyNames([:]) == [])
        #expect(CachePolicy.varyNames(["Vary": "*"]) == nil)
        // A member that is no header name (here a `,` + U+0301, once read as part of `cookie`'s) is taken as `*`.
        #expect(CachePolicy.varyNames(["Vary": "Cookie,\u{301} X-Mode"]) == nil)
        #expect(CachePolicy.varyNames(["Vary": "Accept, Accept(Encoding)"]) == nil)
    }

    @Test("a 304 updates stored headers but not the ones describing the stored body")
    func notModifiedMerge() {
        let stored: HTTPHeaders = ["Content-Length": "10", "ETag": "\"v1\"", "Cache-Control": "max-age=1"]
        let merged = CachePolicy.updatedHeaders(
            stored, with: ["Content-Length": "0", "Cache-Control": "max-age=60", "X-New": "yes"])
        #expect(merged["Content-Length"] == "10")
        #expect(merged["Cache-Control"] == "max-age=60")
        #expect(merged["ETag"] == "\"v1\"")
        #expect(merged["X-New"] == "yes")
    }

    @Test("unsafe methods that succeed invalidate; safe ones and failures do not")
    func invalidation() {
        let ok = CacheFixtures.response()
        let failed = CacheFixtures.response(status: 409)
        #expect(CachePolicy.invalidates(CacheFixtures.request(method: .put), response: ok))
        #expect(CachePolicy.invalidates(CacheFixtures.request(method: .delete), response: ok))
        #expect(!CachePolicy.invalidates(CacheFixtures.request(method: .put), response: failed))
        #expect(!CachePolicy.invalidates(CacheFixtures.request(method: .get), response: ok))
    }

    static let dates: [(String, Double?)] = [
        ("Sun, 06 Nov 1994 08:49:37 GMT", 784_111_777),
        ("Sunday, 06-Nov-94 08:49:37 GMT", 784_111_777),
        ("Sun Nov  6 08:49:37 1994", 784_111_777),
        ("sun, 06 nov 1994 08:49:37 gmt", 784_111_777),
        ("0", nil),
        ("Sun, 32 Nov 1994 08:49:37 GMT", nil),
        ("Sun, 06 Nov 1994 08:49:37 PST", nil),
        ("", nil),
    ]

    @Test("HTTP-dates in all three forms; anything else is nil", arguments: dates)
    func httpDates(text: String, expected: Double?) {
        #expect(HTTPDate.parse(text)?.timeIntervalSince1970 == expected)
    }
}
