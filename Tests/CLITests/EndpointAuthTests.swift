import DemoAPI
import Foundation
import TestSupport
import Testing

@testable import ExplorerCore

/// An endpoint's own `auth:` (bearer, basic, api_key) over the profile's, through `apix run` against the demo API.
@Suite("Auth per endpoint")
struct EndpointAuthTests {
    static func profile(port: Int) -> String {
        """
        name: Mixed
        variables: { password: pw1 }
        environments:
          local: { base_url: "http://127.0.0.1:\(port)" }
        auth: { type: api_key, name: X-API-Key, value: demo-key }
        endpoints:
          - id: key
            path: /api-key
          - id: basic
            path: /basic-auth/ann/pw1
            auth: { type: basic, username: ann, password: "{{password}}" }
          - id: open
            path: /echo
            auth: none
        """
    }

    @Test("an endpoint's basic auth is sent in place of the profile's API key; --json masks it; others keep theirs")
    func endpointBasicAuth() async throws {
        let directory = try TemporaryDirectory()
        try await withDemoServer { server in
            try Self.profile(port: server.port).write(
                toFile: directory.path + "/mixed.yaml", atomically: true, encoding: .utf8)
            let basic = try await ApixProcess.run(["run", "mixed", "basic", "--json", "--profiles", directory.path])
            #expect(basic.status == 0, "\(basic.stderr)")
            let object = try JSONValue.parse(basic.stdout)
            #expect(object["status"]?.intValue == 200)
            let sent = try #require(object["request"]?["headers"]?.arrayValue).compactMap { $0.arrayValue }
            let names = sent.compactMap { $0.first?.stringValue?.lowercased() }
            #expect(names.contains("authorization") && !names.contains("x-api-key"))
            let authorization = sent.first { $0.first?.stringValue?.lowercased() == "authorization" }
            #expect(authorization?.last?.stringValue == "Basic ••••")

            let key = try await ApixProcess.run(["run", "mixed", "key", "--profiles", directory.path])
            #expect(key.status == 0 && key.text.contains("\"via\""))
            let open = try await ApixProcess.run(["run", "mixed", "open", "--json", "--profiles", directory.path])
            #expect(open.status == 0 && !open.text.lowercased().contains("x-api-key"))

            let check = try await ApixProcess.run(["check", "--profiles", directory.path])
            #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
        }
    }

    @Test("an endpoint's auth is read with the profile's rules; OAuth2 there is a located problem")
    func loaderRules() throws {
        let text = """
            environments:
              local: { base_url: "http://127.0.0.1:1" }
            endpoints:
              - id: bearer
                path: /a
                auth: { type: bearer, token: "{{missing}}" }
              - id: oauth
                path: /b
                auth: { type: oauth2, grant: client_credentials, token_url: /t, client_id: c }
            """
        guard case .failure(let failure) = ProfileLoader.load(file: "/tmp/endpoint-auth.yaml", text: text) else {
            Issue.record("expected problems")
            return
        }
        let problems = failure.problems
        #expect(problems.contains { $0.message.contains("cannot be oauth2") && $0.location.line == 9 })
        #expect(problems.contains { $0.message.contains("missing") && $0.message.contains("endpoint `bearer`") })

        let good = """
            environments:
              local: { base_url: "http://127.0.0.1:1" }
            endpoints:
              - id: bearer
                path: /a
                auth: { type: bearer, token: t0ken }
            """
        let profile = try ProfileLoader.load(file: "/tmp/endpoint-auth.yaml", text: good).get()
        let builder = try RequestBuilder(profile: profile)
        guard case .bearer(let token)? = builder.authSpec(for: profile.endpoint("bearer")) else {
            Issue.record("expected the endpoint's bearer token")
            return
        }
        #expect(token.raw == "t0ken")
        #expect(try builder.request(for: #require(profile.endpoint("bearer"))).headers["Authorization"] == nil)
        // Saved back as written.
        let emitted = ProfileEmitter.endpoints(profile.endpoints)
        #expect(emitted.contains("auth:") && emitted.contains("t0ken"))
    }
}
