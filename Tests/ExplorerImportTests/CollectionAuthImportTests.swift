import Foundation
import Testing

@testable import CollectionImport
@testable import ExplorerCore

/// Postman, Insomnia and Bruno auth of the kinds apix runs (OAuth2 authorization code with PKCE, implicit as the
/// authorization code, password, client credentials; Digest, NTLM, AWS SigV4) becomes the profile's `auth:` (a
/// collection's) or a named `auths:` definition the endpoint uses (a folder's or request's), written so that
/// `ProfileLoader` reads the same `AuthSpec` back, with every credential in the secrets file and none in the profile.
@Suite("Collection auth imports")
struct CollectionAuthImportTests {
    /// Literal credentials the fixtures hold: each must reach the secrets file and never the profile.
    static let secrets = [
        "s3cr3t-collection", "s3cr3t-partner", "s3cr3t-insomnia", "s3cr3t-machine", "digest-pass", "ntlm-pass",
        "wJalrXUtnFEMI", "FwoGZXIvYXdzEXAMPLE", "AKIAIOSFODNN7EXAMPLE",
    ]

    static func endpoint(_ profile: Profile, _ name: String) throws -> Endpoint {
        try #require(profile.endpoints.first { $0.name == name })
    }

    /// The written profile holds no credential; the secrets file holds the ones the source had.
    static func expectSecretsApart(_ imported: ProfileImport, held: [String]) {
        let profile = imported.yaml(source: "a test")
        for secret in secrets { #expect(!profile.contains(secret), "\(secret) is in the profile") }
        let file = imported.secretsYAML ?? ""
        for secret in held { #expect(file.contains(secret), "\(secret) is not in the secrets file") }
    }

    /// A spec as the profile writes it (templates compare with their source location, which a loaded one has).
    static func text(_ spec: AuthSpec?) -> String? {
        spec.map { ProfileEmitter.flowText(ProfileEmitter.auth($0)) }
    }

    static func oauth2(_ spec: AuthSpec?) throws -> AuthSpec.OAuth2 {
        guard case .oauth2(let settings)? = spec else {
            throw Failure("expected an oauth2 auth, got \(String(describing: spec))")
        }
        return settings
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }

    @Test("Postman: collection PKCE → the profile's authorization_code; digest, ntlm, awsv4, implicit, code → auths")
    func postman() throws {
        let imported = try CollectionImporter.makeProfile(
            format: .postman, path: ImportFixtures.path("auth/postman-v2.1-auth.json"), id: "postman-auth")
        let auth = try #require(imported.auth)
        #expect(
            ProfileEmitter.flowText(auth)
                == "{ type: oauth2, grant: authorization_code, token_url: https://id.example.com/oauth/token, "
                + "client_id: \"{{client_id}}\", client_secret: \"{{client_secret}}\", scope: openid profile read, "
                + "client_auth: form, extra: { audience: https://api.example.com }, "
                + "authorization_url: https://id.example.com/oauth/authorize }")
        #expect(imported.notes.contains { $0.contains("https://oauth.pstmn.io/v1/callback is not kept") })
        // The folder's implicit auth, met for each of its two requests, is read once: one definition, one note each.
        #expect(imported.notes.filter { $0.contains("the OAuth2 implicit grant was removed by OAuth 2.1") }.count == 1)
        #expect(imported.notes.filter { $0.contains("no token endpoint is given") }.count == 1)
        Self.expectSecretsApart(
            imported,
            held: ["s3cr3t-collection", "s3cr3t-partner", "digest-pass", "wJalrXUtnFEMI", "FwoGZXIvYXdzEXAMPLE"])

        let profile = try ImportFixtures.written(imported)
        let code = try Self.oauth2(profile.auth)
        #expect(code.grant == .authorizationCode)
        #expect(code.authorizationURL?.raw == "https://id.example.com/oauth/authorize")
        #expect(code.tokenURL?.raw == "https://id.example.com/oauth/token")
        #expect(code.clientSecret?.raw == "{{client_secret}}")
        #expect(code.clientAuth == .form)
        #expect(code.redirectURI == nil)
        #expect(code.extra.map(\.name) == ["audience"])
        #expect(try Self.endpoint(profile, "Me").authName == nil)

        #expect(try Self.endpoint(profile, "Legacy admin").authName == "digest")
        #expect(
            Self.text(profile.auths["digest"])
                == "{ type: digest, username: \"{{username}}\", password: \"{{password}}\" }")
        #expect(try Self.endpoint(profile, "Intranet").authName == "ntlm")
        // `CORP` + `bob` is another user than `ann`: its own variable, the password a reference kept as written.
        #expect(
            Self.text(profile.auths["ntlm"])
                == "{ type: ntlm, username: \"{{username_2}}\", password: \"{{ntlm_password}}\" }")
        #expect(imported.secretValues["username_2"] == "CORP\\bob")
        #expect(try Self.endpoint(profile, "Gateway").authName == "aws")
        #expect(
            Self.text(profile.auths["aws"])
                == "{ type: aws_sigv4, access_key_id: \"{{aws_access_key_id}}\", secret_access_key: \"{{aws_secret_access_key}}\", "
                + "session_token: \"{{aws_session_token}}\", region: eu-west-1, service: execute-api }")

        #expect(try Self.endpoint(profile, "Old widget list").authName == Self.endpoint(profile, "Old widget").authName)
        let implicit = try Self.oauth2(profile.auths[try #require(Self.endpoint(profile, "Old widget").authName)])
        #expect(implicit.grant == .authorizationCode)
        #expect(implicit.tokenURL?.raw == "{{token_url}}")
        #expect(profile.variables["token_url"]?.raw == "")
        #expect(implicit.redirectURI?.raw == "http://127.0.0.1:8765/callback")
        #expect(implicit.clientSecret == nil)
        let partner = try Self.oauth2(profile.auths[try #require(Self.endpoint(profile, "Partner").authName)])
        #expect(partner.clientSecret?.raw == "{{client_secret_2}}")
        #expect(partner.clientAuth == .basic)
        #expect(imported.secretValues["client_secret_2"] == "s3cr3t-partner")
    }

    @Test(
        "Insomnia: a folder's oauth2 → one auths: definition for its requests; implicit, digest, ntlm, iam, client credentials"
    )
    func insomnia() throws {
        let imported = try CollectionImporter.makeProfile(
            format: .insomnia, path: ImportFixtures.path("auth/insomnia-v4-auth.json"), id: "insomnia-auth")
        #expect(imported.auth == nil)
        // The summary line names the definitions, not only `auth: none`.
        #expect(imported.summary.contains("auth: none, auths: "), "\(imported.summary)")
        #expect(imported.summary.contains("oauth2"), "\(imported.summary)")
        #expect(imported.notes.contains { $0.contains("https://insomnia.rest/oauth/callback is not kept") })
        Self.expectSecretsApart(
            imported, held: ["s3cr3t-insomnia", "s3cr3t-machine", "digest-pass", "ntlm-pass", "wJalrXUtnFEMI"])
        let profile = try ImportFixtures.written(imported)
        let profileName = try Self.endpoint(profile, "Profile").authName
        #expect(profileName == "oauth2")
        #expect(try Self.endpoint(profile, "Settings").authName == profileName)
        let code = try Self.oauth2(profile.auths["oauth2"])
        #expect(code.grant == .authorizationCode)
        #expect(code.clientID.raw == "{{client_id}}")
        #expect(code.redirectURI?.raw == "http://127.0.0.1:9004/cb")
        #expect(code.clientAuth == .form)
        #expect(code.scope?.raw == "read write")
        #expect(code.extra.map(\.name) == ["audience"])

        let widget = try Self.oauth2(profile.auths[try #require(Self.endpoint(profile, "Widget").authName)])
        #expect(widget.grant == .authorizationCode)
        #expect(widget.tokenURL?.raw == "{{token_url}}")
        #expect(widget.redirectURI == nil)
        #expect(try Self.endpoint(profile, "Digest").authName == "digest")
        #expect(
            Self.text(profile.auths["digest"])
                == "{ type: digest, username: \"{{username}}\", password: \"{{password}}\" }")
        #expect(
            Self.text(profile.auths["ntlm"])
                == "{ type: ntlm, username: \"{{username_2}}\", password: \"{{password_2}}\" }")
        #expect(imported.secretValues["username_2"] == "CORP\\bob")
        #expect(
            Self.text(profile.auths["aws"])
                == "{ type: aws_sigv4, access_key_id: \"{{aws_access_key_id}}\", secret_access_key: \"{{aws_secret_access_key}}\", "
                + "region: us-east-1, service: execute-api }")
        let machine = try Self.oauth2(profile.auths[try #require(Self.endpoint(profile, "Machine").authName)])
        #expect(machine.grant == .clientCredentials)
        #expect(machine.clientSecret?.raw == "{{client_secret_2}}")
        // Its literal client id does not take over the base environment's `client_id`, which the folder's uses.
        #expect(widget.clientID.raw == "{{client_id_2}}")
        #expect(machine.clientID.raw == "{{client_id_3}}")
        #expect(profile.variables["client_id"]?.raw == "insomnia-app")
        #expect(!imported.secretVariables.contains("client_id"))
        #expect(try Self.endpoint(profile, "Public").authName == nil)
    }

    @Test("Bruno: collection.bru's auth:oauth2 (by its mode) → the profile's; auth:digest, ntlm, awsv4, oauth2 → auths")
    func bruno() throws {
        let imported = try CollectionImporter.makeProfile(
            format: .bruno, path: ImportFixtures.path("auth/bruno-auth"), id: "bruno-auth")
        #expect(imported.notes.contains { $0.contains("http://localhost:8080/callback is not kept") })
        Self.expectSecretsApart(imported, held: ["s3cr3t-machine", "digest-pass", "ntlm-pass", "wJalrXUtnFEMI"])
        let profile = try ImportFixtures.written(imported)
        let code = try Self.oauth2(profile.auth)
        #expect(code.grant == .authorizationCode)
        #expect(code.authorizationURL?.raw == "https://id.example.com/oauth/authorize")
        #expect(code.clientSecret?.raw == "{{client_secret}}")
        #expect(code.clientAuth == .basic)
        #expect(code.redirectURI == nil)
        #expect(try Self.endpoint(profile, "Me").authName == nil)
        #expect(try Self.endpoint(profile, "Me").authDisabled == false)
        #expect(try Self.endpoint(profile, "Health").authDisabled)
        #expect(try Self.endpoint(profile, "Legacy digest").authName == "digest")
        #expect(
            Self.text(profile.auths["ntlm"])
                == "{ type: ntlm, username: \"{{username_2}}\", password: \"{{password_2}}\" }")
        #expect(imported.secretValues["username_2"] == "CORP\\bob")
        // No region or service: libcurl reads both from the host name; the session token a reference kept.
        #expect(
            Self.text(profile.auths["aws"])
                == "{ type: aws_sigv4, access_key_id: \"{{aws_access_key_id}}\", secret_access_key: \"{{aws_secret_access_key}}\", "
                + "session_token: \"{{aws_session}}\" }")
        let machine = try Self.oauth2(profile.auths[try #require(Self.endpoint(profile, "Machine").authName)])
        #expect(machine.grant == .clientCredentials)
        #expect(machine.clientAuth == .form)
        #expect(machine.clientSecret?.raw == "{{client_secret_2}}")
    }

    @Test("merging an import whose endpoints name auths: definitions adds the definitions the profile lacks")
    func mergeAddsDefinitions() throws {
        let directory = NSTemporaryDirectory() + "apix-auth-merge-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        try
            "environments:\n  default:\n    base_url: https://api.example.com\nendpoints:\n  - { id: ping, path: /ping }\n"
            .write(toFile: directory + "/merged.yaml", atomically: true, encoding: .utf8)
        var imported = try CollectionImporter.makeProfile(
            format: .bruno, path: ImportFixtures.path("auth/bruno-auth"), id: "merged")
        let written = try ProfileImportWriter.write(
            &imported, source: "a test", directory: directory, force: false, merge: true)
        let profile = try ProfileLoader.load(file: written.file).get()
        #expect(profile.endpoint("ping") != nil)
        #expect(try Self.endpoint(profile, "Legacy digest").authName == "digest")
        #expect(Set(profile.auths.keys) == ["aws", "digest", "ntlm", "oauth2"])
        let text = try String(contentsOfFile: written.file, encoding: .utf8)
        for secret in Self.secrets { #expect(!text.contains(secret)) }
    }
}
