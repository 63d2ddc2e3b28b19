import DemoAPI
import Foundation
import TestSupport
import Testing

@testable import ExplorerCore
@testable import ExplorerHistory

/// Known secrets sent through every kind of auth (and as secret variables in a header and a JSON body, to an echo
/// that sends them back) never reach the history database or its body files in clear.
@Suite("Secrets never reach the history")
struct HistorySecretsTests {
    static let token = "tok-SECRET-1111"
    static let key = "key-SECRET-3333"
    static let password = "demo-password"

    static func profile(port: Int) -> String {
        let base = "http://127.0.0.1:\(port)"
        return """
            environments:
              bearer: { base_url: "\(base)", auth: { type: bearer, token: "{{token}}" } }
              basic: { base_url: "\(base)", auth: { type: basic, username: demo, password: "{{password}}" } }
              header: { base_url: "\(base)", auth: { type: api_key, name: X-API-Key, value: "{{key}}" } }
              query: { base_url: "\(base)", auth: { type: api_key, name: api_key, value: "{{key}}", in: query } }
              oauth:
                base_url: "\(base)"
                auth:
                  type: oauth2
                  grant: password
                  token_url: /auth/token
                  client_id: demo-client
                  client_secret: demo-secret
                  username: demo
                  password: "{{password}}"
            endpoints:
              - id: echo
                path: /echo
                headers: { X-Extra: "{{token}}" }
                # A check whose actual value is the echoed secret: kept in the history without it.
                expect: { json: { "$.headers[?match(@[0], '[Xx]-[Ee]xtra')][1]": { matches: "^tok-" } } }
              - id: post
                method: POST
                path: /echo
                body:
                  json: { password: "{{password}}", key: "{{key}}" }
            """
    }

    /// `secure.yaml` for the demo server on `port`, and its secrets file, in `profiles`.
    static func write(port: Int, into profiles: TemporaryDirectory) throws {
        try profile(port: port).write(toFile: profiles.path + "/secure.yaml", atomically: true, encoding: .utf8)
        try "variables: { token: \(token), password: \(password), key: \(key) }\n".write(
            toFile: profiles.path + "/secure.secrets.yaml", atomically: true, encoding: .utf8)
    }

    @Test("history show gives the size the answer came with, not the size of the body kept with secrets masked")
    func shownSizeAsReceived() async throws {
        let profiles = try TemporaryDirectory()
        let state = try TemporaryDirectory()
        try await withDemoServer { server in
            try Self.write(port: server.port, into: profiles)
            let environment = ["XDG_STATE_HOME": state.path]
            let run = try await ApixProcess.run(
                ["run", "secure", "post", "-e", "bearer", "--json", "--profiles", profiles.path],
                environment: environment)
            #expect(run.status == 0 && run.text.contains(Self.token), "\(run.stderr)")
            let bytes = try #require(try JSONValue.parse(run.stdout)["body_bytes"]?.intValue)
            let size = Units.bytes(Int64(bytes))
            let list = try await ApixProcess.run(["history", "--json"], environment: environment)
            let id = try #require(
                try JSONValue.parse(list.stdout)["entries"]?[0]?["id"]?.stringValue, "\(list.text)")
            let shown = try await ApixProcess.run(["history", "show", id], environment: environment)
            #expect(shown.status == 0, "\(shown.stderr)")
            #expect(shown.stderr.contains("200 OK · ") && shown.stderr.contains("· \(size)"), "\(shown.stderr)")
            #expect(!shown.text.contains(Self.token))
        }
    }

    @Test("a cookie the jar sent, echoed back in the body, is kept out of the history")
    func jarCookies() async throws {
        let profiles = try TemporaryDirectory()
        let state = try TemporaryDirectory()
        try await withDemoServer { server in
            try Self.write(port: server.port, into: profiles)
            try FileManager.default.createDirectory(
                atPath: state.path + "/apix/cookies", withIntermediateDirectories: true)
            let session = "sess-SECRET-5555"
            try
                "# Netscape HTTP Cookie File\n127.0.0.1\tFALSE\t/\tFALSE\t0\tsid\t\(session)\n127.0.0.1\tFALSE\t/\tFALSE\t0\tlang\ten\n"
                .write(toFile: state.path + "/apix/cookies/secure@bearer.txt", atomically: true, encoding: .utf8)
            let environment = ["XDG_STATE_HOME": state.path]
            let out = try await ApixProcess.run(
                ["run", "secure", "echo", "-e", "bearer", "--profiles", profiles.path], environment: environment)
            #expect(out.status == 0, "\(out.stderr)")
            #expect(out.text.contains(session), "the echo sent it back: \(out.text)")
            let listed = try await ApixProcess.run(["history", "--json"], environment: environment)
            #expect(listed.status == 0)
            let files = [state.path + "/apix/history.sqlite", state.path + "/apix/history.sqlite-wal"].filter {
                FileManager.default.fileExists(atPath: $0)
            }
            #expect(!files.isEmpty)
            for file in files {
                let data = try #require(FileManager.default.contents(atPath: file))
                #expect(data.range(of: Data(session.utf8)) == nil, "\(session) found in \(file)")
            }
        }
    }

    @Test("grep the database, its WAL and the body files for every secret: none is there")
    func noSecretInClear() async throws {
        let profiles = try TemporaryDirectory()
        let state = try TemporaryDirectory()
        let config = try TemporaryDirectory()
        // Every body goes to a body file too: they are checked as well.
        try FileManager.default.createDirectory(atPath: config.path + "/apix", withIntermediateDirectories: true)
        try "history: { inline_body_bytes: 0 }\n".write(
            toFile: config.path + "/apix/config.yaml", atomically: true, encoding: .utf8)
        try await withDemoServer { server in
            try Self.write(port: server.port, into: profiles)
            let environment = ["XDG_STATE_HOME": state.path, "XDG_CONFIG_HOME": config.path]
            for env in ["bearer", "basic", "header", "query", "oauth"] {
                for endpoint in ["echo", "post"] {
                    let out = try await ApixProcess.run(
                        ["run", "secure", endpoint, "-e", env, "--profiles", profiles.path], environment: environment)
                    #expect(out.status == 0, "\(env) \(endpoint): \(out.stderr)")
                    // The echo did send the secrets back: the history had them to hide.
                    #expect(out.text.contains(Self.token) || out.text.contains(Self.password))
                }
            }
            // `apix test` records its checks after the exchange: they too go without the secrets.
            let tested = try await ApixProcess.run(
                ["test", "secure", "echo", "-e", "bearer", "--profiles", profiles.path], environment: environment)
            #expect(tested.status == 0, "\(tested.stdout)\(tested.stderr)")
            let tokenFile = try JSONValue.parse(
                Data(contentsOf: URL(fileURLWithPath: state.path + "/apix/tokens/secure@oauth.json")))
            let accessToken = try #require(tokenFile["token"]?["access_token"]?.stringValue)
            let refreshToken = tokenFile["token"]?["refresh_token"]?.stringValue
            let basic = Data("demo:\(Self.password)".utf8).base64EncodedString()
            let secrets =
                [Self.token, Self.key, Self.password, accessToken, basic, "demo-secret"]
                + [refreshToken]
                .compactMap { $0 }

            // Read first: `apix run`'s writers may still be recording; a reader takes in what is pending.
            let listed = try await ApixProcess.run(["history", "--json", "--limit", "100"], environment: environment)
            #expect(try JSONValue.parse(listed.stdout)["entries"].map { "\($0)".contains("echo") } == true)
            var files = [state.path + "/apix/history.sqlite", state.path + "/apix/history.sqlite-wal"].filter {
                FileManager.default.fileExists(atPath: $0)
            }
            let bodies = (try? FileManager.default.contentsOfDirectory(atPath: state.path + "/apix/history")) ?? []
            #expect(bodies.count == 11)
            var contents = files.compactMap { FileManager.default.contents(atPath: $0) }
            for name in bodies {
                let data = try #require(FileManager.default.contents(atPath: state.path + "/apix/history/" + name))
                contents.append(try #require(HistoryCompression.decompress(data, limit: 1 << 24)))
            }
            files += bodies
            #expect(contents.count == files.count)
            for secret in secrets {
                for (index, data) in contents.enumerated() {
                    #expect(data.range(of: Data(secret.utf8)) == nil, "\(secret) found in \(files[index])")
                }
            }
        }
    }
}
