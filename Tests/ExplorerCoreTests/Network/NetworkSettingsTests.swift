import Foundation
import Testing

@testable import ExplorerCore

/// The network keys at every level: read with located problems, layered endpoint > environment > profile > user,
/// written back by the emitter.
@Suite("Network settings in profiles")
struct NetworkSettingsTests {
    static let yaml = """
        http_version: "1.1"
        proxy: http://proxy.test:3128
        no_proxy: internal.test
        cert_file: certs/client.pem
        key_file: certs/client.key
        key_password: "{{pass}}"
        variables:
          pass: hunter2
        environments:
          local:
            base_url: https://api.test
            http_version: "2"
            proxy: socks5h://127.0.0.1:1080
            cookies: false
        endpoints:
          - id: one
            path: /one
            http_version: 2-prior-knowledge
            proxy: none
            cert_file: /abs/other.pem
          - id: two
            path: /two
        """

    @Test("each level wins over the one below, the user over all; paths are resolved from the profile's directory")
    func layering() throws {
        let profile = try ProfileLoader.parse(yaml: Self.yaml, file: "/p/net.yaml", id: "net").get()
        let builder = try RequestBuilder(profile: profile, processEnvironment: ["HOME": "/h"])
        let one = try builder.request(endpoint: "one").options
        #expect(one.httpVersion == .http2PriorKnowledge)
        #expect(one.proxy == "")
        #expect(one.certFile == "/abs/other.pem")
        #expect(one.keyFile == "/p/certs/client.key")
        #expect(one.keyPassword == "hunter2")
        #expect(one.cookieJar == nil)
        let two = try builder.request(endpoint: "two").options
        #expect(two.httpVersion == .http2)
        #expect(two.proxy == "socks5h://127.0.0.1:1080")
        #expect(two.noProxy == "internal.test")
        #expect(two.certFile == "/p/certs/client.pem")
        var overrides = RequestOverrides()
        overrides.httpVersion = .http1
        overrides.proxy = "none"
        overrides.certFile = "/u/c.pem"
        let user = try builder.request(endpoint: "two", overrides: overrides).options
        #expect(user.httpVersion == .http1 && user.proxy == "" && user.certFile == "/u/c.pem")
    }

    @Test("bad values are located problems")
    func problems() {
        let yaml = """
            environments:
              local:
                base_url: https://api.test
                http_version: 3
                proxy: ftp://proxy.test
            endpoints:
              - id: one
                path: /
                cookies: maybe
            """
        guard case .failure(let failure) = ProfileLoader.parse(yaml: yaml, file: "/p/bad.yaml", id: "bad") else {
            Issue.record("expected problems")
            return
        }
        let lines = failure.problems.map(\.description)
        #expect(lines.count == 3)
        #expect(lines[0].contains("bad.yaml:4:") && lines[0].contains("`http_version` must be 1.1, 2 or"))
        #expect(lines[1].contains("bad.yaml:5:") && lines[1].contains("`proxy` must be an http://"))
        #expect(lines[2].contains("bad.yaml:9:") && lines[2].contains("`cookies` must be true or false"))
    }

    @Test("the emitter writes the network keys back as the loader reads them")
    func roundTrip() throws {
        let profile = try ProfileLoader.parse(yaml: Self.yaml, file: "/p/net.yaml", id: "net").get()
        let written = ProfileEmitter.profile(profile)
        let again = try ProfileLoader.parse(yaml: written, file: "/p/net.yaml", id: "net").get()
        #expect(ProfileEmitter.profile(again) == written)
        for key in ["http_version: ", "socks5h://127.0.0.1:1080", "cookies: false", "no_proxy:", "{{pass}}", "none"] {
            #expect(written.contains(key), "\(key)")
        }
    }

    @Test("export curl writes the HTTP version and proxy flags")
    func exportFlags() throws {
        let profile = try ProfileLoader.parse(yaml: Self.yaml, file: "/p/net.yaml", id: "net").get()
        let builder = try RequestBuilder(profile: profile, processEnvironment: ["HOME": "/h"])
        let two = CurlCommandLine.render(try builder.request(endpoint: "two"))
        #expect(two.contains(" --http2 --proxy socks5h://127.0.0.1:1080 --noproxy internal.test --cert "))
        let one = CurlCommandLine.render(try builder.request(endpoint: "one"))
        #expect(
            one.contains(" --http2-prior-knowledge --cert /abs/other.pem --key /p/certs/client.key --pass hunter2 "))
        #expect(!one.contains("--proxy"))
    }
}
