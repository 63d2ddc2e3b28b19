import Foundation
import TestSupport
import Testing

@testable import ExplorerCore

/// Variables edited in the explorer's environment view: where each comes from (`VariableLayers`, recorded by the
/// loader) and how a save writes them (`VariableWriter`): only the changed lines differ, byte for byte; comments
/// and block or flow style stay; new names are written like their siblings; the secrets file is 0600; an edit that
/// would not load is refused with nothing written.
@Suite("Variables: layers and saving in place")
struct VariableWriterTests {
    static let profile = """
        # shop: variables by hand
        variables:
          api_version: v2     # bump with the API
          user: alice
        environments:
          local:
            base_url: "http://127.0.0.1:8080/{{api_version}}"
            variables: { user: local-alice, region: eu }   # flow on purpose
          staging:
            base_url: https://staging.example
        env_file: ./.env
        endpoints:
          - id: me
            path: /me
            headers: { Authorization: "Bearer {{token}}", X-User: "{{user}}", X-Key: "{{api_key}}" }

        """
    static let secrets = """
        # git-ignored
        variables:
          token: s3cr3t       # profile-wide
        environments:
          local:
            variables:
              token: local-token   # only here

        """
    static let dotenv = "api_key=from-dotenv\n"

    struct Files {
        let directory: TemporaryDirectory
        let profile: String
        let secrets: String
    }

    static func files(secrets: Bool = true) throws -> Files {
        let directory = try TemporaryDirectory()
        let profile = try directory.write("shop.yaml", Self.profile)
        try directory.write(".env", Self.dotenv)
        let secretsFile = directory.path + "/shop.secrets.yaml"
        if secrets {
            try directory.write("shop.secrets.yaml", Self.secrets)
            chmod(secretsFile, 0o600)
        }
        return Files(directory: directory, profile: profile, secrets: secretsFile)
    }

    static func text(_ file: String) throws -> String { try String(contentsOfFile: file, encoding: .utf8) }

    static func mode(_ file: String) throws -> Int {
        try #require(try FileManager.default.attributesOfItem(atPath: file)[.posixPermissions] as? Int)
    }

    /// Saves `edit` applied to the loaded profile's layers.
    static func save(_ files: Files, _ edit: (inout VariableLayers) -> Void) throws -> [String] {
        var layers = try ProfileLoader.load(file: files.profile).get().variableLayers
        edit(&layers)
        return try VariableWriter.save(layers, profileFile: files.profile)
    }

    @Test("each variable lists the value that wins, where it comes from and what it overrides; secrets are masked")
    func rows() throws {
        let files = try Self.files()
        let profile = try ProfileLoader.load(file: files.profile).get()
        let rows = profile.variableLayers.rows(
            environment: "local", session: ["port": "9"], secretNames: profile.secretNames)
        let byName = Dictionary(uniqueKeysWithValues: rows.map { ($0.name, $0) })
        #expect(rows.map(\.name) == ["api_key", "api_version", "port", "region", "token", "user"])
        #expect(byName["user"]?.value == "local-alice")
        #expect(byName["user"]?.source == "environment local")
        #expect(byName["user"]?.overrides == "over profile")
        #expect(byName["token"]?.source == "secrets file · local")
        #expect(byName["token"]?.overrides == "over secrets file")
        #expect(byName["token"]?.shownValue(revealed: false) == "••••")
        #expect(byName["token"]?.shownValue(revealed: true) == "local-token")
        #expect(byName["api_key"]?.source == "env_file ./.env")
        #expect(byName["api_key"]?.isSecret == true)
        #expect(byName["port"]?.source == "--var")
        #expect(byName["api_version"]?.isSecret == false)
        // Made again from the layers, the merged variables are the loader's.
        var rebuilt = profile
        rebuilt.applyVariableLayers()
        #expect(rebuilt.variables == profile.variables)
        #expect(rebuilt.environments.map(\.variables) == profile.environments.map(\.variables))
        #expect(rebuilt.secretNames == profile.secretNames)
    }

    @Test("a changed secret is replaced on its line only; comments stay; the secrets file stays 0600")
    func editSecret() throws {
        let files = try Self.files()
        let profileBefore = try Self.text(files.profile)
        let written = try Self.save(files) {
            $0.set("token", to: "new-local", in: .init(origin: .secretsFile, environment: "local"))
        }
        #expect(written == [files.secrets])
        let expected = Self.secrets.replacingOccurrences(
            of: "token: local-token   # only here", with: "token: new-local   # only here")
        #expect(Array(try Self.text(files.secrets).utf8) == Array(expected.utf8))
        #expect(try Self.text(files.profile) == profileBefore)
        #expect(try Self.mode(files.secrets) == 0o600)
        let request = try RequestBuilder(profile: ProfileLoader.load(file: files.profile).get(), environment: "local")
            .request(endpoint: "me")
        #expect(request.headers["Authorization"] == "Bearer new-local")
    }

    @Test("in the profile file: a block mapping gets a block line, a flow one a flow entry; a delete takes its line")
    func editProfile() throws {
        let files = try Self.files()
        _ = try Self.save(files) {
            $0.set("team", to: "core", in: .init(origin: .profileFile, environment: nil))
            $0.set("user", to: nil, in: .init(origin: .profileFile, environment: nil))
            $0.set("tier", to: "gold card", in: .init(origin: .profileFile, environment: "local"))
            $0.set("region", to: "us", in: .init(origin: .profileFile, environment: "local"))
        }
        let expected = Self.profile
            .replacingOccurrences(of: "  user: alice\n", with: "  team: core\n")
            .replacingOccurrences(
                of: "variables: { user: local-alice, region: eu }",
                with: "variables: { user: local-alice, region: us, tier: gold card }")
        #expect(Array(try Self.text(files.profile).utf8) == Array(expected.utf8))
    }

    @Test("a new environment and a missing secrets file are written as nested block YAML, the new file 0600")
    func newSecretsFile() throws {
        let files = try Self.files(secrets: false)
        // Without a secrets file nothing defines `token`: this profile does without it.
        let plain = Self.profile.replacingOccurrences(of: "Bearer {{token}}", with: "Bearer none")
        let file = try files.directory.write("shop.yaml", plain)
        var layers = try ProfileLoader.load(file: file).get().variableLayers
        layers.set("token", to: "st-1", in: .init(origin: .secretsFile, environment: "staging"))
        #expect(try VariableWriter.save(layers, profileFile: file) == [files.secrets])
        #expect(try Self.text(files.secrets) == "environments:\n  staging:\n    variables:\n      token: st-1\n")
        #expect(try Self.mode(files.secrets) == 0o600)
        #expect(try Self.text(file) == plain)
    }

    @Test("an edit that would not load is refused and nothing is written")
    func refused() throws {
        let files = try Self.files()
        let before = (try Self.text(files.profile), try Self.text(files.secrets))
        #expect(throws: ProfileWriteError.self) {
            try Self.save(files) {
                $0.set("token", to: nil, in: .init(origin: .secretsFile, environment: nil))
                $0.set("token", to: nil, in: .init(origin: .secretsFile, environment: "local"))
            }
        }
        #expect(try Self.text(files.profile) == before.0)
        #expect(try Self.text(files.secrets) == before.1)
    }

    @Test("a dotenv file chosen over the secrets wins everywhere, is secret and named as chosen")
    func chosenEnvFile() throws {
        let files = try Self.files()
        try files.directory.write("staging.env", "token=from-staging-env\nuser=bob\n")
        let profile = try ProfileLoader.load(file: files.profile, envFile: "staging.env").get()
        #expect(profile.variableLayers.addedEnvFile == "staging.env")
        let rows = profile.variableLayers.rows(environment: "local", session: [:], secretNames: profile.secretNames)
        let token = try #require(rows.first { $0.name == "token" })
        #expect(token.value == "from-staging-env" && token.source == "staging.env (chosen)")
        #expect(rows.first { $0.name == "user" }?.isSecret == true)
        let request = try RequestBuilder(profile: profile, environment: "local").request(endpoint: "me")
        #expect(request.headers["Authorization"] == "Bearer from-staging-env")
        // Shown or exported, the chosen file's values are secrets like the secrets file's.
        var builder = try RequestBuilder(profile: profile, environment: "local")
        #expect(try builder.request(endpoint: "me", masking: true).headers["X-User"] == "••••")
        builder.maskStyle = .marker
        let exported = try #require(try builder.request(endpoint: "me", masking: true).headers["Authorization"])
        #expect(SecretMarker.split(exported) == [.text("Bearer "), .secret("token")])
        #expect(DotEnv.files(in: files.directory.path) == [".env", "staging.env"])
        // A save reloads the chosen file as it is used; the dotenv file is never written.
        var layers = profile.variableLayers
        layers.set("region", to: "ap", in: .init(origin: .profileFile, environment: "local"))
        #expect(try VariableWriter.save(layers, profileFile: files.profile) == [files.profile])
        #expect(try Self.text(files.directory.path + "/staging.env") == "token=from-staging-env\nuser=bob\n")
    }
}
