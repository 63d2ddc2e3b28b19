import DemoAPI
import Foundation
import TestSupport
import Testing

@testable import ExplorerCore

/// `apix auth … --auth NAME` and `apix run` of endpoints that use named definitions (`auths:`), the real binary
/// against the demo API with a private token store.
@Suite("apix auth --auth NAME as a subprocess")
struct NamedAuthCommandTests {
    static func profile(port: Int) -> String {
        """
        variables: { password: demo-password }
        environments:
          local: { base_url: "http://127.0.0.1:\(port)" }
        auth: { type: api_key, name: X-API-Key, value: demo-key }
        auths:
          admin:
            type: oauth2
            grant: password
            token_url: /auth/token
            client_id: demo-client
            client_secret: demo-secret
            username: demo
            password: "{{password}}"
          reader:
            type: oauth2
            grant: client_credentials
            token_url: /auth/token
            client_id: demo-client
            client_secret: demo-secret
        endpoints:
          - { id: admin.me, path: /me, auth: admin }
          - { id: reader.me, path: /me, auth: reader }
          - { id: key, path: /api-key }
        """
    }

    @Test("login, status and logout with --auth work on that definition's tokens; run uses each endpoint's")
    func authFlag() async throws {
        let profiles = try TemporaryDirectory()
        let state = try TemporaryDirectory()
        try await withDemoServer { server in
            try Self.profile(port: server.port).write(
                toFile: profiles.path + "/named.yaml", atomically: true, encoding: .utf8)
            func apix(_ arguments: [String]) async throws -> ApixProcess.Output {
                try await ApixProcess.run(
                    arguments + ["--profiles", profiles.path], environment: ["XDG_STATE_HOME": state.path])
            }
            let tokens = state.path + "/apix/tokens/"

            let login = try await apix(["auth", "login", "named", "--auth", "admin"])
            #expect(login.status == 0, "\(login.stderr)")
            #expect(login.text.contains("named (local, admin): logged in with the password grant"))
            #expect(FileManager.default.fileExists(atPath: tokens + "named@local@admin.json"))
            #expect(!FileManager.default.fileExists(atPath: tokens + "named@local@reader.json"))

            let status = try JSONValue.parse(
                try await apix(["auth", "status", "named", "--auth", "admin", "--json"]).stdout)
            #expect(status["auth"]?.stringValue == "admin")
            #expect(status["state"]?.stringValue == "valid")
            #expect(status["access_token"]?.stringValue == "••••")
            let reader = try await apix(["auth", "status", "named", "--auth", "reader"])
            #expect(reader.text.contains("named (local, reader): oauth2, client_credentials grant"))
            #expect(reader.text.contains("state: none"))
            // Without --auth: the profile's own auth:, as before.
            let plain = try JSONValue.parse(try await apix(["auth", "status", "named", "--json"]).stdout)
            #expect(plain["type"]?.stringValue == "api_key" && plain["auth"] == nil)

            let unknown = try await apix(["auth", "login", "named", "--auth", "admn"])
            #expect(unknown.status == 3)
            #expect(unknown.stderr.contains("unknown auth definition admn (defined: admin, reader)"))

            let asAdmin = try JSONValue.parse(try await apix(["run", "named", "admin.me"]).stdout)
            #expect(asAdmin["user"]?.stringValue == "demo")
            let asReader = try JSONValue.parse(try await apix(["run", "named", "reader.me"]).stdout)
            #expect(asReader["user"] == .null)
            #expect(FileManager.default.fileExists(atPath: tokens + "named@local@reader.json"))

            let logout = try await apix(["auth", "logout", "named", "--auth", "admin"])
            #expect(logout.status == 0)
            #expect(!FileManager.default.fileExists(atPath: tokens + "named@local@admin.json"))
            #expect(FileManager.default.fileExists(atPath: tokens + "named@local@reader.json"))

            let check = try await apix(["check"])
            #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
        }
    }
}
