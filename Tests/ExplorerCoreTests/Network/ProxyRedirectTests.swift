import Foundation
import TestSupport
import Testing

@testable import ExplorerCore

/// Redirects are routed again: the proxy of each hop is chosen for its own URL (`ProxyRoute.Rule`, applied by
/// `RedirectPolicy`), and the metrics (the TUI's facts line, `apix run --json`'s `metrics.proxy`) name the proxy of
/// the final request.
@Suite("Proxies on redirects")
struct ProxyRedirectTests {
    static func builder(base: String, environment: [String: String]) throws -> RequestBuilder {
        let yaml = """
            environments:
              local:
                base_url: \(base)
            endpoints:
              - id: cross
                path: /redirect/cross-host
              - id: to
                path: /redirect-to
                query: { url: "{{target}}" }
            variables:
              target: /echo
            """
        let profile = try ProfileLoader.parse(yaml: yaml, file: "/tmp/hops.yaml", id: "hops").get()
        return try RequestBuilder(
            profile: profile, processEnvironment: environment.merging(["HOME": "/nonexistent"]) { kept, _ in kept })
    }

    @Test("a redirect to a host on the no-proxy list goes direct, and the metrics say the final request did")
    func toNoProxyHost() async throws {
        let proxy = try await RecordingProxy()
        defer { proxy.stop() }
        try await withDemoServer { server in
            let builder = try Self.builder(
                base: server.baseURL, environment: ["http_proxy": proxy.url, "no_proxy": "localhost"])
            let request = try builder.request(endpoint: "cross")
            #expect(ProxyRoute.shown(for: request) == proxy.url)
            let response = try await Client().send(request).response()
            #expect(response.statusCode == 200)
            #expect(response.url.hasPrefix("http://localhost:"))
            #expect(proxy.requests.map { $0.split(separator: " ")[1] } == ["\(server.baseURL)/redirect/cross-host"])
            #expect(response.metrics.redirects == 1)
            #expect(response.metrics.proxy == nil)
            #expect(!response.metrics.factsLine().contains("via proxy"))
        }
    }

    @Test("a redirect from a no-proxy host to one that is not goes through the proxy for that hop")
    func fromNoProxyHost() async throws {
        let proxy = try await RecordingProxy()
        defer { proxy.stop() }
        try await withDemoServer { server in
            let builder = try Self.builder(
                base: server.baseURL, environment: ["http_proxy": proxy.url, "no_proxy": "127.0.0.1"])
            let request = try builder.request(endpoint: "cross")
            #expect(ProxyRoute.shown(for: request) == nil)
            let response = try await Client().send(request).response()
            #expect(response.statusCode == 200)
            #expect(proxy.requests.map { $0.split(separator: " ")[1] } == ["http://localhost:\(server.port)/echo"])
            #expect(response.metrics.proxy == proxy.url)
            #expect(response.metrics.factsLine().contains("via proxy \(proxy.url)"))
        }
    }

    @Test(
        "a redirect from http to https takes the https proxy setting (none here: direct), not the http one",
        .enabled(if: NginxServer.isAvailable))
    func toAnotherScheme() async throws {
        let proxy = try await RecordingProxy()
        defer { proxy.stop() }
        let nginx = try await NginxServer()
        defer { nginx.stop() }
        try await withDemoServer { server in
            let builder = try Self.builder(base: server.baseURL, environment: ["http_proxy": proxy.url])
            var overrides = RequestOverrides()
            overrides.variables["target"] = "https://127.0.0.1:\(nginx.tlsPort)/"
            var request = try builder.request(endpoint: "to", overrides: overrides)
            request.options.caFile = nginx.certificates.caCertificate
            let response = try await Client().send(request).response()
            #expect(response.statusCode == 200)
            #expect(response.url.hasPrefix("https://127.0.0.1:\(nginx.tlsPort)"))
            #expect(proxy.requests.count == 1)
            #expect(!proxy.requests.contains { $0.hasPrefix("CONNECT") })
            #expect(response.metrics.proxy == nil)
        }
    }

    @Test("the rule of a hop: the configured proxy for every scheme, the variables by scheme, no_proxy by host")
    func rule() {
        let environment = ["http_proxy": "http://h:1", "HTTPS_PROXY": "http://s:2", "no_proxy": "inside.test"]
        let rule = ProxyRoute.Rule(configured: nil, noProxy: nil, environment: environment)
        #expect(rule.proxy(for: "http://a.test/") == "http://h:1")
        #expect(rule.proxy(for: "https://a.test/") == "http://s:2")
        #expect(rule.proxy(for: "https://api.inside.test/") == "")
        let configured = ProxyRoute.Rule(configured: "socks5h://p:3", noProxy: "a.test", environment: environment)
        #expect(configured.proxy(for: "https://b.test/") == "socks5h://p:3")
        #expect(configured.proxy(for: "http://a.test/") == "")
        #expect(
            ProxyRoute.Rule(configured: "none", noProxy: nil, environment: environment).proxy(for: "http://b/") == "")
    }
}
