import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// A server's reason phrase reaches stderr through `SafeText`: escape sequences in it are shown, never sent raw.
@Suite("hostile server text on stderr")
struct HostileReasonTests {
    /// Answers one request on 127.0.0.1 (any free port) with `statusLine`, then closes; with `nil`, accepts
    /// connections (the kernel's listen queue) and never answers.
    final class OneShotServer: Sendable {
        let socket: Int32
        let port: Int

        init(statusLine: String?) throws {
            let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            self.socket = socket
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            address.sin_port = 0
            var length = socklen_t(MemoryLayout<sockaddr_in>.size)
            let bound = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socket, $0, length) }
            }
            guard bound == 0, listen(socket, 1) == 0 else { throw POSIXError(.EADDRINUSE) }
            _ = withUnsafeMutablePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(socket, $0, &length) }
            }
            self.port = Int(UInt16(bigEndian: address.sin_port))
            guard let statusLine else { return }
            let listener = socket
            let response = Array((statusLine + "\r\nContent-Length: 2\r\nConnection: close\r\n\r\nok").utf8)
            Thread {
                let client = accept(listener, nil, nil)
                guard client >= 0 else { return }
                var buffer = [UInt8](repeating: 0, count: 4096)
                _ = read(client, &buffer, buffer.count)
                _ = response.withUnsafeBytes { Glibc.write(client, $0.baseAddress, $0.count) }
                close(client)
            }.start()
        }

        deinit { close(socket) }
    }

    @Test("an OSC title sequence in the reason phrase is printed escaped")
    func reasonPhraseEscaped() async throws {
        let server = try OneShotServer(statusLine: "HTTP/1.1 200 \u{1B}]0;pwned\u{07}\u{202E}")
        let directory = try TemporaryDirectory()
        let profile = """
            environments: { local: { base_url: "http://127.0.0.1:\(server.port)" } }
            endpoints:
              - { id: hello, path: /hello }
            """
        try profile.write(toFile: directory.path + "/hostile.yaml", atomically: true, encoding: .utf8)
        let output = try await ApixProcess.run(["run", "hostile", "hello", "--profiles", directory.path])
        #expect(output.status == 0)
        #expect(output.text == "ok")
        #expect(!output.stderr.contains("\u{1B}"))
        #expect(!output.stderr.contains("\u{07}"))
        #expect(!output.stderr.contains("\u{202E}"))
        #expect(output.stderr.contains(#"\e]0;pwned"#), "\(output.stderr)")
    }
}
