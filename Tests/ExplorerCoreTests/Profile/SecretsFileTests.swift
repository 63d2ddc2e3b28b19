import Foundation
import TestSupport
import Testing

@testable import ExplorerCore

@Suite("Secrets files")
struct SecretsFileTests {
    static let profile = """
        variables: { bearer: "Bearer {{token}}" }
        environments:
          local: { base_url: "http://127.0.0.1:8080" }
          staging: { base_url: "https://staging.example.com" }
        endpoints:
          - id: me
            path: /me
            headers: { Authorization: "{{bearer}}", X-Key: "{{api_key}}" }
        """
    static let secrets = """
        # git-ignored
        variables: { token: s3cret, api_key: k-123 }
        environments:
          staging: { variables: { token: staging-token } }
        """

    @Test("variables from NAME.secrets.yaml are merged in, per environment too, and remembered as secret")
    func merged() throws {
        let directory = try TemporaryDirectory()
        let file = try directory.write("demo.yaml", Self.profile)
        try directory.write("demo.secrets.yaml", Self.secrets)
        let profile = try ProfileLoader.load(file: file).get()
        #expect(profile.secretNames == ["token", "api_key"])
        let local = try RequestBuilder(profile: profile, environment: "local").request(endpoint: "me")
        #expect(local.headers["Authorization"] == "Bearer s3cret")
        #expect(local.headers["X-Key"] == "k-123")
        let staging = try RequestBuilder(profile: profile, environment: "staging").request(endpoint: "me")
        #expect(staging.headers["Authorization"] == "Bearer staging-token")
    }

    @Test("secrets are masked when rendering for display, also inside variables built from them")
    func masked() throws {
        let directory = try TemporaryDirectory()
        let file = try directory.write("demo.yaml", Self.profile)
        try directory.write("demo.secrets.yaml", Self.secrets)
        let profile = try ProfileLoader.load(file: file).get()
        var builder = try RequestBuilder(profile: profile)
        let shown = try builder.request(endpoint: "me", masking: true)
        #expect(shown.headers["Authorization"] == "Bearer \(VariableScope.mask)")
        #expect(shown.headers["X-Key"] == VariableScope.mask)
        builder.maskStyle = .marker
        let exported = try builder.request(endpoint: "me", masking: true)
        let pieces = SecretMarker.split(try #require(exported.headers["Authorization"]))
        #expect(pieces == [.text("Bearer "), .secret("token")])
        #expect(SecretMarker.shellName(for: "api.key") == "API_KEY")
        #expect(SecretMarker.shellName(for: "env.HOME") == "HOME")
        // Names the shell sets already are never reused for a secret.
        #expect(SecretMarker.shellName(for: "user") == "APIX_USER")
        #expect(SecretMarker.shellName(for: "home") == "APIX_HOME")
        #expect(SecretMarker.shellName(for: "password") == "PASSWORD")
    }

    @Test("without the secrets file the profile names the missing variable and where it is used")
    func missingSecrets() throws {
        let directory = try TemporaryDirectory()
        let file = try directory.write("demo.yaml", Self.profile)
        guard case .failure(let failure) = ProfileLoader.load(file: file) else {
            Issue.record("expected an unknown variable")
            return
        }
        let messages = failure.problems.map(\.description)
        #expect(messages.contains { $0.hasPrefix("\(file):1:22: unknown variable `{{token}}` in variable `bearer`") })
        #expect(messages.contains { $0.hasPrefix("\(file):8:52: unknown variable `{{api_key}}` in header `X-Key`") })
    }

    @Test("problems in the secrets file are located in it")
    func brokenSecrets() throws {
        let directory = try TemporaryDirectory()
        let file = try directory.write("demo.yaml", Self.profile)
        let secrets = try directory.write(
            "demo.secrets.yaml", "variables: { token: [1], api_key: k }\nenvironments:\n  prod: { variables: {} }\n")
        guard case .failure(let failure) = ProfileLoader.load(file: file) else {
            Issue.record("expected problems")
            return
        }
        #expect(
            failure.problems.map(\.description) == [
                "\(secrets):1:21: `variables.token` must be a string, got a list",
                "\(secrets):3:3: unknown environment `prod` in the secrets file (known: local, staging)",
            ])
    }
}
