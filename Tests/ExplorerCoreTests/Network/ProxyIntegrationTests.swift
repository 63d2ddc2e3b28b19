import Foundation
import TestSupport
import Testing

@testable import ExplorerCore

/// Proxies through a recording forward proxy started by the test: the profile's `proxy:` with credentials from
/// secrets, the environment variables, `proxy: none` and `no_proxy:`, and HTTPS through a CONNECT tunnel.
@Suite("Proxies")
struct ProxyIntegrationTests {
    static func profile(base: String, _ extra: String = "", secrets: Set<String> = []) throws -> Profile {
        let yaml = """
            variables:
              proxy_pass: p@ss word
            environments:
              local:
                base_url: \(base)
            \(extra)
            endpoints:
              - id: echo
                path: /echo
            """
        var profile = try ProfileLoader.parse(yaml: yaml, file: "/tmp/proxy.yaml", id: "proxy").get()
        profile.secretNames = secrets
        return profile
    }

    @Test("proxy: sends through the proxy with its credentials from a secret, masked wherever it is shown")
    func configuredProxy() async throws {
        let proxy = try await RecordingProxy(requiring: "Basic " + Data("user:p@ss word".utf8).base64EncodedString())
        defer { proxy.stop() }
        try await withDemoServer { server in
            let profile = try Self.profile(
                base: server.baseURL, "proxy: http://user:{{proxy_pass}}@127.0.0.1:\(proxy.port)",
                secrets: ["proxy_pass"])
            let builder = try RequestBuilder(profile: profile, processEnvironment: ["HOME": "/nonexistent"])
            let response = try await Client().send(try builder.request(endpoint: "echo")).response()
            #expect(response.statusCode == 200)
            #expect(proxy.requests.first?.hasPrefix("GET \(server.baseURL)/echo Basic ") == true)
            // Both front ends' metrics facts say which proxy, its password masked.
            #expect(response.metrics.factsLine().contains("via proxy http://user:••••@127.0.0.1:\(proxy.port)"))

            let shown = try builder.request(endpoint: "echo", masking: true)
            #expect(ProxyRoute.shown(for: shown) == "http://user:••••@127.0.0.1:\(proxy.port)")
            var marked = builder
            marked.maskStyle = .marker
            let exported = CurlCommandLine.render(try marked.request(endpoint: "echo", masking: true))
            #expect(exported.contains("--proxy \"http://user:${PROXY_PASS}@127.0.0.1:\(proxy.port)\""))
            #expect(!exported.contains("p@ss"))
        }
    }

    @Test("the proxy environment variables are honoured unless the profile says proxy: none or no_proxy")
    func environmentVariables() async throws {
        let proxy = try await RecordingProxy()
        defer { proxy.stop() }
        try await withDemoServer { server in
            let environment = ["HOME": "/nonexistent", "http_proxy": proxy.url]
            for (extra, throughProxy) in [("", true), ("proxy: none", false), ("no_proxy: localhost,127.0.0.1", false)]
            {
                let before = proxy.requests.count
                let profile = try Self.profile(base: server.baseURL, extra)
                let builder = try RequestBuilder(profile: profile, processEnvironment: environment)
                let request = try builder.request(endpoint: "echo")
                #expect(try await Client().send(request).response().statusCode == 200)
                #expect((proxy.requests.count > before) == throughProxy, "\(extra)")
                #expect((ProxyRoute.shown(for: request) != nil) == throughProxy, "\(extra)")
            }
            // The user's --proxy / --noproxy win over both.
            var overrides = RequestOverrides()
            overrides.proxy = proxy.url
            let none = try RequestBuilder(
                profile: try Self.profile(base: server.baseURL, "proxy: none"), processEnvironment: [:])
            let before = proxy.requests.count
            _ = try await Client().send(try none.request(endpoint: "echo", overrides: overrides)).response()
            #expect(proxy.requests.count == before + 1)
            overrides.noProxy = "*"
            #expect(ProxyRoute.shown(for: try none.request(endpoint: "echo", overrides: overrides)) == nil)
        }
    }

    @Test(
        "HTTPS goes through a CONNECT tunnel, with the server's certificate still checked end to end",
        .enabled(if: NginxServer.isAvailable))
    func tunnel() async throws {
        let proxy = try await RecordingProxy()
        defer { proxy.stop() }
        let server = try await NginxServer()
        defer { server.stop() }
        var request = PreparedRequest(url: "https://127.0.0.1:\(server.tlsPort)/")
        request.options.proxy = proxy.url
        let refused = try #require(await Client().send(request).error?.transportError)
        #expect(refused.message.hasPrefix("TLS: server certificate not trusted ("))
        request.options.caFile = server.certificates.caCertificate
        let response = try await Client().send(request).response()
        #expect(response.statusCode == 200)
        #expect(proxy.requests.last?.hasPrefix("CONNECT 127.0.0.1:\(server.tlsPort)") == true)
    }

    @Test("NO_PROXY rules: names, domain suffixes with or without a dot, and *")
    func noProxyRules() {
        #expect(ProxyRoute.bypasses(host: "api.example.com", noProxy: "example.com"))
        #expect(ProxyRoute.bypasses(host: "api.example.com", noProxy: "other, .example.com"))
        #expect(ProxyRoute.bypasses(host: "example.com", noProxy: "example.com"))
        #expect(!ProxyRoute.bypasses(host: "badexample.com", noProxy: "example.com"))
        #expect(ProxyRoute.bypasses(host: "anything", noProxy: "*"))
        #expect(!ProxyRoute.bypasses(host: "anything", noProxy: nil))
        let https = ProxyRoute.resolve(
            url: "https://a.test/", configured: nil, noProxy: nil,
            environment: ["HTTPS_PROXY": "http://p:1", "http_proxy": "http://q:2"])
        #expect(https.proxy == "http://p:1")
        let http = ProxyRoute.resolve(
            url: "http://a.test/", configured: nil, noProxy: nil, environment: ["HTTP_PROXY": "http://q:2"])
        #expect(http.proxy == "", "upper-case HTTP_PROXY is not read, as curl does not")
        #expect(ProxyRoute.masked("socks5h://me:pw@h:1080") == "socks5h://me:••••@h:1080")
    }
}
