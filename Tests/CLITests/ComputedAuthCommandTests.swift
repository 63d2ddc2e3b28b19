import Foundation
import TestSupport
import Testing

@testable import ExplorerCore

/// Digest and AWS SigV4 through the real `apix` against real servers: httpbin's `/digest-auth` (python3-httpbin) and
/// a server that recomputes every signature with botocore's own signer (python3-botocore, `Tests/Peers`).
@Suite("Digest and AWS SigV4 against real servers")
struct ComputedAuthCommandTests {
    static let password = "Pa55-digest-w0rd"
    static let secretKey = "wJalrXUtnFEMI-K7MDENG-bPxRfiCYEXAMPLEKEY"
    static let sessionToken = "FwoGZXIvYXdzEXAMPLE-session-token"

    static func digestProfile(port: Int) -> String {
        """
        name: Bin
        environments:
          local: { base_url: "http://127.0.0.1:\(port)" }
        auth: { type: digest, username: ann, password: "{{password}}" }
        endpoints:
          - id: digest
            path: "/digest-auth/auth/ann/{{password}}"
          - id: other-password
            path: /digest-auth/auth/ann/not-the-password
          - id: same-origin
            path: /redirect-to
            query: { url: "/digest-auth/auth/ann/{{password}}" }
          - id: other-origin
            path: /redirect-to
            query: { url: "http://localhost:\(port)/digest-auth/auth/ann/{{password}}" }
        """
    }

    static func write(_ profile: String, name: String, secrets: String, in directory: TemporaryDirectory) throws {
        try profile.write(toFile: directory.path + "/\(name).yaml", atomically: true, encoding: .utf8)
        try secrets.write(toFile: directory.path + "/\(name).secrets.yaml", atomically: true, encoding: .utf8)
    }

    /// Every file under `directory` (the history's database, its WAL, body files), read raw.
    static func filesContain(_ secret: String, under directory: String) -> Bool {
        let enumerator = FileManager.default.enumerator(atPath: directory)
        while let path = enumerator?.nextObject() as? String {
            if let data = FileManager.default.contents(atPath: directory + "/" + path),
                data.range(of: Data(secret.utf8)) != nil
            {
                return true
            }
        }
        return false
    }

    @Test("digest: httpbin accepts apix's answer, a wrong password gets the 401, and no record holds the password")
    func digest() async throws {
        let peer = try PythonPeer("httpbin_server.py")
        defer { peer.stop() }
        let profiles = try TemporaryDirectory()
        let state = try TemporaryDirectory()
        try Self.write(
            Self.digestProfile(port: peer.port), name: "bin", secrets: "variables: { password: \(Self.password) }\n",
            in: profiles)
        let environment = ["XDG_STATE_HOME": state.path]
        let run = try await ApixProcess.run(
            ["run", "bin", "digest", "--json", "--profiles", profiles.path], environment: environment)
        #expect(run.status == 0, "\(run.stderr)")
        let object = try JSONValue.parse(run.stdout)
        #expect(object["status"]?.intValue == 200)
        #expect(run.text.contains(#"\"authenticated\":true"#) || run.text.contains(#""authenticated": true"#))
        let headers = try #require(object["request"]?["headers"]?.arrayValue).compactMap(\.arrayValue)
        let authorization = headers.first { $0.first?.stringValue?.lowercased() == "authorization" }
        #expect(authorization?.last?.stringValue == "Digest ••••")
        #expect(!run.text.contains(Self.password) && !run.stderr.contains(Self.password))

        let wrong = try await ApixProcess.run(
            ["run", "bin", "other-password", "--fail", "--profiles", profiles.path], environment: environment)
        #expect(wrong.status == 22 && wrong.stderr.contains("401"), "\(wrong.status) \(wrong.stderr)")

        let list = try await ApixProcess.run(["history", "--json"], environment: environment)
        #expect(list.status == 0 && !list.text.contains(Self.password))
        let id = try #require(try JSONValue.parse(list.stdout)["entries"]?[1]?["id"]?.stringValue, "\(list.text)")
        let shown = try await ApixProcess.run(["history", "show", id], environment: environment)
        // The request as it went is on stderr, the body on stdout.
        #expect(shown.status == 0 && shown.stderr.contains("Authorization: Digest ••••"), "\(shown.stderr)")
        #expect(!shown.text.contains(Self.password) && !shown.stderr.contains(Self.password))
        #expect(!Self.filesContain(Self.password, under: state.path))

        let export = try await ApixProcess.run(["export", "curl", "bin", "digest", "--profiles", profiles.path])
        #expect(export.text.contains(#"--digest -u "ann:${PASSWORD}""#), "\(export.text)")
        #expect(!export.text.contains(Self.password))
    }

    @Test("digest goes along a redirect to the same origin, never to another (CURLOPT_UNRESTRICTED_AUTH stays off)")
    func redirects() async throws {
        let peer = try PythonPeer("httpbin_server.py")
        defer { peer.stop() }
        let profiles = try TemporaryDirectory()
        try Self.write(
            Self.digestProfile(port: peer.port), name: "bin", secrets: "variables: { password: \(Self.password) }\n",
            in: profiles)
        let state = ["XDG_STATE_HOME": try TemporaryDirectory().path]
        let same = try await ApixProcess.run(
            ["run", "bin", "same-origin", "--json", "--profiles", profiles.path], environment: state)
        #expect(same.status == 0, "\(same.stderr)")
        #expect(try JSONValue.parse(same.stdout)["status"]?.intValue == 200, "\(same.text)")
        // localhost is another origin than 127.0.0.1, though the same server: it gets no answer to its challenge.
        let other = try await ApixProcess.run(
            ["run", "bin", "other-origin", "--json", "--profiles", profiles.path], environment: state)
        #expect(other.status == 0, "\(other.stderr)")
        let object = try JSONValue.parse(other.stdout)
        #expect(object["status"]?.intValue == 401, "\(other.text)")
        #expect(object["metrics"]?["redirects"]?.intValue == 1, "\(other.text)")
    }

    static func awsProfile(port: Int, token: Bool) -> String {
        """
        name: Aws
        environments:
          local: { base_url: "http://127.0.0.1:\(port)" }
        auth:
          type: aws_sigv4
          access_key_id: AKIDEXAMPLE
          secret_access_key: "{{aws_secret}}"
        \(token ? "  session_token: \"{{aws_token}}\"" : "")
          region: eu-west-1
          service: execute-api
        endpoints:
          - id: list
            path: /items
            query: { limit: "10", after: "a b/c" }
          - id: create
            method: POST
            path: /items
            body:
              json: { name: widget, tags: [a, b] }
        """
    }

    @Test("SigV4: botocore's signer agrees with libcurl's signature, query and body included; a wrong key gets 403")
    func sigV4() async throws {
        let peer = try PythonPeer("sigv4_server.py", arguments: ["AKIDEXAMPLE", Self.secretKey, Self.sessionToken])
        defer { peer.stop() }
        let profiles = try TemporaryDirectory()
        let state = try TemporaryDirectory()
        try Self.write(
            Self.awsProfile(port: peer.port, token: true), name: "aws",
            secrets: "variables: { aws_secret: \(Self.secretKey), aws_token: \(Self.sessionToken) }\n", in: profiles)
        let environment = ["XDG_STATE_HOME": state.path]
        for endpoint in ["list", "create"] {
            let run = try await ApixProcess.run(
                ["run", "aws", endpoint, "--json", "--profiles", profiles.path], environment: environment)
            #expect(run.status == 0, "\(run.stderr)")
            let object = try JSONValue.parse(run.stdout)
            #expect(object["status"]?.intValue == 200, "\(endpoint): \(run.text)")
            #expect(run.text.contains("x-amz-security-token"), "\(run.text)")
            for secret in [Self.secretKey, Self.sessionToken] { #expect(!run.text.contains(secret)) }
        }
        let list = try await ApixProcess.run(["history", "--json"], environment: environment)
        let id = try #require(try JSONValue.parse(list.stdout)["entries"]?[0]?["id"]?.stringValue, "\(list.text)")
        let shown = try await ApixProcess.run(["history", "show", id], environment: environment)
        #expect(shown.stderr.contains("AWS4-HMAC-SHA256 ••••"), "\(shown.stderr)")
        for secret in [Self.secretKey, Self.sessionToken] {
            #expect(!shown.text.contains(secret) && !Self.filesContain(secret, under: state.path))
        }

        // The server wants the session token: without it, and with a wrong key, it refuses.
        try Self.write(
            Self.awsProfile(port: peer.port, token: false), name: "aws",
            secrets: "variables: { aws_secret: \(Self.secretKey) }\n", in: profiles)
        let untokened = try await ApixProcess.run(
            ["run", "aws", "list", "--json", "--profiles", profiles.path], environment: environment)
        #expect(try JSONValue.parse(untokened.stdout)["status"]?.intValue == 403, "\(untokened.text)")
        let wrong = try await ApixProcess.run(
            ["run", "aws", "list", "--json", "--var", "aws_secret=not-the-key", "--profiles", profiles.path],
            environment: environment)
        #expect(try JSONValue.parse(wrong.stdout)["status"]?.intValue == 403, "\(wrong.text)")
    }

    @Test("the curl command apix exports for SigV4 is accepted by the same server")
    func exportedCommandSigns() async throws {
        let peer = try PythonPeer("sigv4_server.py", arguments: ["AKIDEXAMPLE", Self.secretKey])
        defer { peer.stop() }
        let profiles = try TemporaryDirectory()
        try Self.write(
            Self.awsProfile(port: peer.port, token: false), name: "aws",
            secrets: "variables: { aws_secret: \(Self.secretKey) }\n", in: profiles)
        let export = try await ApixProcess.run(["export", "curl", "aws", "list", "--profiles", profiles.path])
        #expect(export.status == 0, "\(export.stderr)")
        #expect(export.text.contains("--aws-sigv4 aws:amz:eu-west-1:execute-api"), "\(export.text)")
        #expect(!export.text.contains(Self.secretKey))
        let command = export.text.trimmingCharacters(in: .whitespacesAndNewlines)
        let curl = try await ApixProcess.run(
            executable: "/bin/sh", ["-c", command + " -s"], environment: ["AWS_SECRET": Self.secretKey])
        #expect(curl.text.contains(#""ok": true"#), "\(command)\n\(curl.text)\(curl.stderr)")
    }
}
