import DemoAPI
import Foundation
import TestSupport
import Testing

@testable import ExplorerCore

/// Secrets on redirects between two real loopback servers (two ports, so two origins): a header whose value uses
/// a secret variable, and a body resent by a 307 or 308, never reach the other origin unless the profile says so.
@Suite("Redirects keep secret-derived headers and bodies from another origin")
struct RedirectSecretTests {
    let client = Client()

    /// A profile like the demo's `api-key` endpoint (`auth: none`, the key in a header from the secrets file), its
    /// key also behind a variable built from the secret, posting a JSON body to `/redirect-to` on `first`.
    private func profile(
        first: RunningDemoServer, target: String, status: Int, redirectBody: String? = nil
    ) throws -> (Profile, TemporaryDirectory) {
        let directory = try TemporaryDirectory()
        let file = try directory.write(
            "keys.yaml",
            """
            variables: { key_header: "key={{api_key}}" }
            environments: { local: { base_url: "\(first.baseURL)" } }
            \(redirectBody.map { "redirect_body: \($0)" } ?? "")
            endpoints:
              - id: send
                method: POST
                path: /redirect-to
                query: { url: "\(target)", status: "\(status)" }
                headers: { X-API-Key: "{{api_key}}", X-Derived: "{{key_header}}", X-Plain: visible }
                body: { json: { card: "4111-1111" } }
                auth: none
            """)
        try directory.write("keys.secrets.yaml", "variables: { api_key: k-123 }")
        return (try ProfileLoader.load(file: file).get(), directory)
    }

    private func send(_ profile: Profile) async throws -> Result<Response, ClientError> {
        let request = try RequestBuilder(profile: profile).request(endpoint: "send")
        return await client.send(request)
    }

    @Test("a header whose value uses a secret variable is dropped on a 302 to another port; others are kept")
    func secretHeaderDropped() async throws {
        try await withDemoServer { first in
            try await withDemoServer { second in
                let (profile, _) = try profile(first: first, target: second.url("/echo"), status: 302)
                let response = try await send(profile).get()
                #expect(response.url.hasPrefix(second.baseURL))
                let echoed = try response.echo()
                #expect(echoed["headers"]?.header("X-API-Key") == nil)
                #expect(echoed["headers"]?.header("X-Derived") == nil)
                #expect(echoed["headers"]?.header("X-Plain") == "visible")
            }
        }
    }

    @Test("a 307 or 308 to another origin is not followed with the body; the error names the origin")
    func bodyNotResentAcrossOrigins() async throws {
        try await withDemoServer { first in
            try await withDemoServer { second in
                for status in [307, 308] {
                    let (profile, _) = try profile(first: first, target: second.url("/echo"), status: status)
                    let error = try #require(try await send(profile).error?.transportError)
                    #expect(error.kind == .invalidRequest)
                    #expect(error.message.contains("\(status) redirect to http://127.0.0.1:\(second.port)"))
                    #expect(error.message.contains("redirect_body: any_origin"))
                    #expect(!error.message.contains("/echo"))
                }
            }
        }
    }

    @Test("with redirect_body: any_origin the body goes along, still without the secret headers")
    func bodyAllowedByProfile() async throws {
        try await withDemoServer { first in
            try await withDemoServer { second in
                let (profile, _) = try profile(
                    first: first, target: second.url("/echo"), status: 307, redirectBody: "any_origin")
                let response = try await send(profile).get()
                let echoed = try response.echo()
                #expect(echoed["method"]?.stringValue == "POST")
                #expect(echoed["body"]?.stringValue?.contains("4111-1111") == true)
                #expect(echoed["headers"]?.header("X-API-Key") == nil)
            }
        }
    }

    @Test("the same origin still gets the body and the secret headers on a 307")
    func sameOriginKeepsEverything() async throws {
        try await withDemoServer { first in
            let (profile, _) = try profile(first: first, target: first.url("/echo"), status: 307)
            let echoed = try await send(profile).get().echo()
            #expect(echoed["method"]?.stringValue == "POST")
            #expect(echoed["body"]?.stringValue?.contains("4111-1111") == true)
            #expect(echoed["headers"]?.header("X-API-Key") == "k-123")
            #expect(echoed["headers"]?.header("X-Derived") == "key=k-123")
        }
    }

    @Test("the plan marks headers and query items that use a secret, directly or through a variable")
    func planMarksSecretDerivedNames() throws {
        let directory = try TemporaryDirectory()
        let file = try directory.write(
            "p.yaml",
            """
            variables: { bearerish: "Key {{api_key}}", plain: hello }
            environments: { local: { base_url: "http://127.0.0.1:1" } }
            headers: { X-Override: "{{api_key}}" }
            endpoints:
              - id: e
                path: /
                query: { key: "{{api_key}}", q: "{{plain}}" }
                headers: { X-Key: "{{bearerish}}", X-Hello: "{{plain}}", X-Override: now-plain }
            """)
        try directory.write("p.secrets.yaml", "variables: { api_key: k }")
        let profile = try ProfileLoader.load(file: file).get()
        let request = try RequestBuilder(profile: profile).request(endpoint: "e")
        #expect(request.credentialNames.headers == ["x-key"])
        #expect(request.credentialNames.removing(from: request.url) == "http://127.0.0.1:1/?q=hello")
    }

    @Test("a request to another origin gets none of the profile's or environment's secret headers; its own stay")
    func otherOriginDropsInheritedSecrets() throws {
        let directory = try TemporaryDirectory()
        let file = try directory.write(
            "p.yaml",
            """
            environments:
              local: { base_url: "http://127.0.0.1:1/api", headers: { X-Env-Key: "{{api_key}}" } }
            headers: { X-Api-Key: "{{api_key}}", X-Plain: hello, X-Replaced: "{{api_key}}" }
            endpoints:
              - { id: home, path: /things }
              - { id: same, path: "http://127.0.0.1:1/other" }
              - { id: away, path: "https://elsewhere.example/x", headers: { X-Replaced: mine } }
              - { id: own, path: "http://elsewhere.example/y", headers: { X-Own: "{{api_key}}" } }
            """)
        try directory.write("p.secrets.yaml", "variables: { api_key: k-123 }")
        let builder = try RequestBuilder(profile: try ProfileLoader.load(file: file).get())
        for id in ["home", "same"] {
            let request = try builder.request(endpoint: id)
            #expect(request.headers["X-Api-Key"] == "k-123", "\(id)")
            #expect(request.headers["X-Env-Key"] == "k-123", "\(id)")
        }
        let away = try builder.request(endpoint: "away")
        #expect(away.url == "https://elsewhere.example/x")
        #expect(!away.headers.contains("X-Api-Key") && !away.headers.contains("X-Env-Key"))
        #expect(away.headers["X-Plain"] == "hello")
        #expect(away.headers["X-Replaced"] == "mine")
        // Masked for the screen, the same headers go.
        let shown = try builder.request(for: try #require(builder.profile.endpoint("away")), masking: true)
        #expect(!shown.headers.contains("X-Api-Key"))
        let own = try builder.request(endpoint: "own")
        #expect(own.headers["X-Own"] == "k-123")
        #expect(!own.headers.contains("X-Api-Key"))
        // The user's header is the user's choice, wherever it goes.
        let chosen = try builder.request(endpoint: "away", overrides: RequestOverrides(headers: ["X-Api-Key": "typed"]))
        #expect(chosen.headers["X-Api-Key"] == "typed")
    }

    @Test("redirect_body is read, rejected when unknown, and written back")
    func redirectBodyKey() throws {
        let directory = try TemporaryDirectory()
        let good = try directory.write(
            "good.yaml",
            """
            environments: { local: { base_url: "http://127.0.0.1:1" } }
            redirect_body: any_origin
            endpoints:
              - { id: e, path: /, redirect_body: same_origin }
              - { id: f, path: / }
            """)
        let profile = try ProfileLoader.load(file: good).get()
        let builder = try RequestBuilder(profile: profile)
        #expect(try builder.request(endpoint: "e").options.redirectBody == .sameOrigin)
        #expect(try builder.request(endpoint: "f").options.redirectBody == .anyOrigin)
        #expect(ProfileEmitter.endpointValue(profile.endpoints[0], "redirect_body") == .scalar("same_origin"))

        let bad = try directory.write(
            "bad.yaml",
            """
            environments: { local: { base_url: "http://127.0.0.1:1" } }
            redirect_body: anywhere
            endpoints: []
            """)
        guard case .failure(let failure) = ProfileLoader.load(file: bad) else {
            Issue.record("an unknown redirect_body loaded")
            return
        }
        #expect(failure.problems.contains { $0.message.contains("same_origin or any_origin") })
    }
}
