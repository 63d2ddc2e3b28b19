import Foundation

/// `openssl s_server -Verify 1 -www` on 127.0.0.1: HTTPS that demands a client certificate signed by
/// `certificates`' CA and answers `GET /` with a status page.
final class OpenSSLServer {
    let port: Int
    private let child: ChildServer

    init(certificates: TestCertificates) async throws {
        let output = Pipe()
        child = try ChildServer(
            [
                "openssl", "s_server", "-accept", "0", "-cert", certificates.serverCertificate, "-key",
                certificates.serverKey, "-CAfile", certificates.caCertificate, "-Verify", "1", "-www",
            ], output: output)
        let line = await ChildServer.line(from: output, containing: "ACCEPT")
        guard let port = line.split(separator: ":").last.flatMap({ Int($0) }) else {
            child.stop()
            throw CocoaError(.fileReadCorruptFile)
        }
        self.port = port
    }

    func stop() {
        child.stop()
    }
}
