import Foundation
import TestSupport
import Testing

extension EndToEndTerminal {
    /// Digest and AWS SigV4 from the explorer (issue 27), their secrets from a command (`{ command: [...] }` in the
    /// secrets file): httpbin's `/digest-auth` (python3-httpbin) accepts libcurl's answer to its challenge, and a server
    /// that recomputes every signature with botocore's signer (`Tests/Peers/sigv4_server.py`) accepts the request.
    @Suite(
        "TUI end to end: Digest and SigV4 with secrets from a command", .serialized,
        .enabled(if: TmuxSession.isAvailable))
    struct TUIComputedAuthEndToEndTests {
        static let password = "Pa55-from-a-command"
        static let secretKey = "wJalrXUtnFEMI-K7MDENG-bPxRfiCYEXAMPLEKEY"

        @Test("Digest and SigV4 requests sent from the list are accepted; the secrets come from printf, shown masked")
        func digestAndSigV4() async throws {
            let (bin, aws) = try await Task.detached {
                (
                    try PythonPeer("httpbin_server.py"),
                    try PythonPeer("sigv4_server.py", arguments: ["AKIDEXAMPLE", Self.secretKey, "unused-token"])
                )
            }.value
            defer {
                bin.stop()
                aws.stop()
            }
            let session = try TmuxSession(width: 120, height: 40)
            defer { session.close() }
            let profiles = session.home + "/profiles"
            try FileManager.default.createDirectory(atPath: profiles, withIntermediateDirectories: true)
            try """
            name: Bin
            environments: { local: { base_url: "http://127.0.0.1:\(bin.port)" } }
            auth: { type: digest, username: ann, password: "{{password}}" }
            endpoints:
              - { id: digest-check, path: "/digest-auth/auth/ann/\(Self.password)" }
            """.write(toFile: profiles + "/bin.yaml", atomically: true, encoding: .utf8)
            try "variables: { password: { command: [printf, \"%s\\\\n\", \(Self.password)] } }\n".write(
                toFile: profiles + "/bin.secrets.yaml", atomically: true, encoding: .utf8)
            try """
            name: Aws
            environments: { local: { base_url: "http://127.0.0.1:\(aws.port)" } }
            auth:
              type: aws_sigv4
              access_key_id: AKIDEXAMPLE
              secret_access_key: "{{aws_secret}}"
              session_token: unused-token
              region: eu-west-1
              service: execute-api
            endpoints:
              - { id: signed-list, path: /items, query: { limit: "10" } }
            """.write(toFile: profiles + "/aws.yaml", atomically: true, encoding: .utf8)
            try "variables: { aws_secret: { command: [printf, \"%s\", \(Self.secretKey)] } }\n".write(
                toFile: profiles + "/aws.secrets.yaml", atomically: true, encoding: .utf8)

            try session.run("\(TmuxSession.apix) --profiles \(profiles)")
            try await session.waiting(for: "digest-check")
            try session.send("/", "C-u")
            try session.send("digest-check", literal: true)
            try await session.waiting(for: "Endpoints (1)")
            try session.send("Enter")
            try session.send("C-r")
            let digest = try await session.waiting(for: #""authenticated": true"#)
            #expect(digest.contains("200 OK"), "\(digest)")

            try session.send("Escape")
            try await session.waiting(for: "Endpoints (2)")
            try session.send("/", "C-u")
            try session.send("signed-list", literal: true)
            try await session.waiting(for: "Endpoints (1)")
            try session.send("Enter")
            try session.send("C-r")
            let signed = try await session.waiting(for: #""ok": true"#)
            #expect(signed.contains("200 OK"), "\(signed)")
            // The Request tab shows the signature masked, never the key.
            try session.send("Tab", "Tab", "4")
            let request = try await session.waiting(for: "AWS4-HMAC-SHA256")
            #expect(!request.contains(Self.secretKey), "\(request)")
            try session.send("q")
        }
    }
}
