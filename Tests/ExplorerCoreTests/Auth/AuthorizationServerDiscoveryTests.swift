import Foundation
import Testing

@testable import ExplorerCore

/// `issuer:` in profiles and the pure parts of `AuthorizationServerDiscovery` (where documents are looked for, which
/// endpoints they fill in, which they may not); `IssuerDiscoveryCommandTests` signs in against a real server.
@Suite("Issuer discovery")
struct AuthorizationServerDiscoveryTests {
    func problems(_ auth: String) -> [ProfileProblem] {
        let yaml = "environments: { local: { base_url: \"http://127.0.0.1:1\" } }\n" + auth + "\n"
        if case .failure(let failure) = ProfileLoader.parse(yaml: yaml, file: "/p/x.yaml", id: "x") {
            return failure.problems
        }
        return []
    }

    @Test(
        "`issuer` stands in for token_url, authorization_url and device_authorization_url; without it they are required"
    )
    func profileKeys() throws {
        for grant in ["authorization_code", "device_code", "client_credentials"] {
            let auth = "auth: { type: oauth2, grant: \(grant), issuer: \"https://id.example.com/t\", client_id: c }"
            #expect(problems(auth).isEmpty, "\(grant): \(problems(auth))")
        }
        let missing = problems("auth: { type: oauth2, grant: authorization_code, client_id: c }")
        #expect(missing.map(\.message).contains("`auth` (oauth2) is missing required key `token_url` (or `issuer`)"))
        #expect(missing.contains { $0.message.contains("missing required key `authorization_url` (or `issuer`)") })
        let bad = problems("auth: { type: oauth2, grant: client_credentials, issuer: \"ftp://x\", client_id: c }")
        #expect(bad.first?.message.contains("`auth.issuer` must be an http:// or https:// URL") == true, "\(bad)")
        #expect(bad.first?.location.line == 2)

        let yaml = """
            environments: { local: { base_url: "http://127.0.0.1:1" } }
            auth: { type: oauth2, grant: authorization_code, issuer: "https://id.example.com/t", client_id: c }
            """
        let profile = try ProfileLoader.parse(yaml: yaml, file: "/p/x.yaml", id: "x").get()
        let builder = try RequestBuilder(profile: profile, environment: "local")
        guard case .oauth2(let settings)? = try builder.auth(for: nil) else {
            Issue.record("not oauth2")
            return
        }
        #expect(settings.issuer == "https://id.example.com/t" && settings.tokenURL == nil)
        #expect(settings.needsDiscovery)
        // Saved as read (an import or an edit writes `issuer:` back).
        guard case .oauth2(let spec)? = profile.auth else { return }
        #expect("\(ProfileEmitter.auth(.oauth2(spec)))".contains("https://id.example.com/t"))
    }

    @Test("OpenID Connect's document is asked for first, then RFC 8414's with the issuer's path after the host")
    func documentURLs() {
        #expect(
            AuthorizationServerDiscovery.documentURLs(issuer: "https://id.example.com:8443/tenant/") == [
                "https://id.example.com:8443/tenant/.well-known/openid-configuration",
                "https://id.example.com:8443/.well-known/oauth-authorization-server/tenant",
            ])
        #expect(
            AuthorizationServerDiscovery.documentURLs(issuer: "https://id.example.com") == [
                "https://id.example.com/.well-known/openid-configuration",
                "https://id.example.com/.well-known/oauth-authorization-server",
            ])
    }

    @Test("keys written in the profile win over the metadata's; only the grant's endpoints are filled in")
    func explicitKeysWin() {
        let metadata = AuthorizationServerDiscovery.Metadata(
            issuer: "https://id.example.com", tokenEndpoint: "https://id.example.com/token",
            authorizationEndpoint: "https://id.example.com/authorize",
            deviceAuthorizationEndpoint: "https://id.example.com/device",
            revocationEndpoint: "https://id.example.com/revoke", source: "https://id.example.com/.well-known/x",
            fetchedAt: Date())
        let written = OAuth2Settings(
            grant: .authorizationCode, tokenURL: "https://proxy.example.com/token", issuer: "https://id.example.com",
            clientID: "c")
        let filled = AuthorizationServerDiscovery.apply(metadata, to: written)
        #expect(filled.tokenURL == "https://proxy.example.com/token")
        #expect(filled.authorizationURL == "https://id.example.com/authorize")
        #expect(filled.revocationURL == "https://id.example.com/revoke")
        #expect(filled.deviceAuthorizationURL == nil)
        // The token store's owner is what was written, so a token outlives a change in the metadata.
        #expect(filled.owner == written.owner)
    }

    @Test("a document for another issuer, or naming a non-HTTP endpoint, is refused with where it came from")
    func refusedDocuments() throws {
        func response(_ json: String) -> Response {
            OAuthTokenClientTests.response(200, json)
        }
        let source = "https://id.example.com/.well-known/openid-configuration"
        #expect(throws: AuthError.self) {
            try AuthorizationServerDiscovery.metadata(
                from: response(#"{"issuer":"https://evil.example","token_endpoint":"https://evil.example/t"}"#),
                issuer: "https://id.example.com", source: source)
        }
        do {
            _ = try AuthorizationServerDiscovery.metadata(
                from: response(#"{"issuer":"https://id.example.com/","token_endpoint":"javascript:alert(1)"}"#),
                issuer: "https://id.example.com", source: source)
            Issue.record("accepted a non-HTTP endpoint")
        } catch {
            #expect(error.message.contains("`token_endpoint` is not an http:// or https:// URL"), "\(error.message)")
            #expect(error.message.contains(source))
        }
        let good = try AuthorizationServerDiscovery.metadata(
            from: response(#"{"issuer":"https://id.example.com/","token_endpoint":"https://id.example.com/t"}"#),
            issuer: "https://id.example.com", source: source)
        #expect(good.tokenEndpoint == "https://id.example.com/t" && good.authorizationEndpoint == nil)
    }
}
