import Foundation
import Testing

@testable import ExplorerCore

/// One percent-encoding for URLs and file names, one form encoding for bodies and token requests.
@Suite("Percent and form encoding")
struct PercentEncodingTests {
    @Test("cache files of namespaces that used to share one file are now apart")
    func cacheNamesDoNotCollide() {
        let cache = ResponseCache(directory: "/c")
        // Unpadded escapes made these pairs one name each: `%a1` and `%10`.
        for (one, other) in [("\n1", "¡"), ("\u{1}0", "\u{10}"), ("\u{100}", "%u0100")] {
            #expect(cache.filePath(namespace: one) != cache.filePath(namespace: other), "\(one) / \(other)")
        }
    }

    @Test("cache files on disk keep their names (as before for letters, dots and Latin-1)")
    func cacheNamesPinned() {
        let cache = ResponseCache(directory: "/c")
        let names = [
            "demo": "/c/demo.cache", "my.api_v2-x": "/c/my.api_v2-x.cache", ".hidden": "/c/%2ehidden.cache",
            "café": "/c/caf%e9.cache", "a b@c/d": "/c/a%20b%40c%2fd.cache", "..": "/c/%2e%2e.cache",
            "日": "/c/%u0065e5.cache",
        ]
        for (namespace, path) in names { #expect(cache.filePath(namespace: namespace) == path) }
    }

    @Test("token files on disk keep their names")
    func tokenNamesPinned() {
        let store = TokenStore(directory: "/s")
        #expect(store.path(for: ProfileEnvironmentKey(profile: "demo", environment: "local")) == "/s/demo@local.json")
        #expect(store.path(for: ProfileEnvironmentKey(profile: "a@b", environment: "../x")) == "/s/a%40b@..%2Fx.json")
        #expect(
            store.path(for: ProfileEnvironmentKey(profile: "café", environment: "prod 1"))
                == "/s/caf%C3%A9@prod%201.json")
    }

    @Test("paths keep escapes already written; values and query items escape all but unreserved characters")
    func urlParts() {
        #expect(
            PercentEncoding.encode("/a b/%2F/%zz", allowed: PercentEncoding.pathAllowed, keepingEscapes: true)
                == "/a%20b/%2F/%25zz")
        #expect(PercentEncoding.encode("a/b%2F é", allowed: PercentEncoding.unreserved) == "a%2Fb%252F%20%C3%A9")
    }

    static let awkward = "a b&c=d+e/f%g?é~*"
    static let awkwardEncoded = "a+b%26c%3Dd%2Be%2Ff%25g%3F%C3%A9~%2A"

    @Test("form encoding of reserved and non-ASCII characters is the same for request bodies and token requests")
    func formEncodingShared() throws {
        #expect(FormEncoding.component(Self.awkward) == Self.awkwardEncoded)

        let yaml = """
            environments: { local: { base_url: "http://127.0.0.1:1" } }
            endpoints:
              - id: form
                method: POST
                path: /token
                body: { form: { grant_type: client_credentials, client_id: "\(Self.awkward)" } }
            """
        let profile = try ProfileLoader.parse(yaml: yaml, file: "/p/demo.yaml", id: "demo").get()
        guard case .bytes(let formData, _) = try RequestBuilder(profile: profile).request(endpoint: "form").body
        else {
            Issue.record("expected bytes")
            return
        }
        let settings = OAuth2Settings(
            grant: .clientCredentials, tokenURL: "http://127.0.0.1:1/token", clientID: Self.awkward, clientAuth: .form)
        guard case .bytes(let tokenData, _) = try OAuthTokenClient().request(.configured, settings: settings).body
        else {
            Issue.record("expected bytes")
            return
        }
        let expected = "grant_type=client_credentials&client_id=" + Self.awkwardEncoded
        #expect(String(decoding: formData, as: UTF8.self) == expected)
        #expect(String(decoding: tokenData, as: UTF8.self) == expected)
    }
}
