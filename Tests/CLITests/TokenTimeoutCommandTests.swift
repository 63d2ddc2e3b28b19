import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `apix run` against a token server that accepts and never answers: `--timeout` bounds the token request too.
@Suite("apix run and a hung token server")
struct TokenTimeoutCommandTests {
    /// A loopback port that completes connections (the kernel's listen queue) and never reads or answers.
    final class HungServer: Sendable {
        let socket: Int32
        let port: Int

        init() throws {
            let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            self.socket = socket
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            address.sin_port = 0
            var length = socklen_t(MemoryLayout<sockaddr_in>.size)
            let ready = withUnsafeMutablePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    bind(socket, $0, length) == 0 && listen(socket, 8) == 0 && getsockname(socket, $0, &length) == 0
                }
            }
            guard ready else { throw POSIXError(.EADDRINUSE) }
            port = Int(UInt16(bigEndian: address.sin_port))
        }

        deinit { close(socket) }
    }

    @Test("--timeout 1 ends the run within seconds with the token endpoint's timeout, not after 30 s")
    func timeoutBoundsTheTokenRequest() async throws {
        let server = try HungServer()
        let directory = try TemporaryFolder()
        let state = try TemporaryFolder()
        let profile = """
            environments: { local: { base_url: "http://127.0.0.1:\(server.port)" } }
            auth: { type: oauth2, grant: client_credentials, token_url: /token, client_id: c }
            endpoints:
              - { id: me, path: /me }
            """
        try profile.write(toFile: directory.path + "/hung.yaml", atomically: true, encoding: .utf8)
        let started = Date()
        let output = try await ApixProcess.run(
            ["run", "hung", "me", "--timeout", "1", "--profiles", directory.path],
            environment: ["XDG_STATE_HOME": state.path])
        let elapsed = Date().timeIntervalSince(started)
        #expect(output.status == 4)
        #expect(output.stderr.contains("token endpoint unreachable"), "\(output.stderr)")
        #expect(output.stderr.contains("timed out"))
        #expect(elapsed < 20, "took \(elapsed) s")
    }
}
