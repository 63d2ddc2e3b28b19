import Foundation
import TestSupport
import Testing

extension EndToEndTerminal {
    /// The Connection tab in the real explorer (tmux at 120×40) against a real HTTPS server (Python's `ssl`, a
    /// certificate made by `openssl` at test time, `Tests/Peers/tls_server.py`): `5` shows the address dialled, the
    /// TLS version and the certificate with its days left; a second send shows the connection reused.
    @Suite("TUI end to end: the Connection tab", .serialized, .enabled(if: TmuxSession.isAvailable))
    struct TUIConnectionEndToEndTests {
        @Test("5 opens the Connection tab: address, new then reused, TLS, the certificate's subject and days left")
        func connectionTab() async throws {
            let session = try TmuxSession()
            defer { session.close() }
            let directory = session.home + "/tls"
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            let made = try await TmuxSession.spawnAside(
                [
                    "openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes",
                    "-keyout", directory + "/key.pem", "-out", directory + "/cert.pem", "-days", "30", "-subj",
                    "/CN=apix-e2e.test", "-addext", "subjectAltName=IP:127.0.0.1",
                ], capture: false)
            #expect(made.status == 0)
            let peer = try PythonPeer("tls_server.py", arguments: [directory + "/cert.pem", directory + "/key.pem"])
            defer { peer.stop() }
            let profiles = session.home + "/profiles"
            try FileManager.default.createDirectory(atPath: profiles, withIntermediateDirectories: true)
            try """
            name: Secure
            environments:
              local: { base_url: "https://127.0.0.1:\(peer.port)", ca_file: "\(directory)/cert.pem" }
            endpoints:
              - id: secure.get
                path: /
                expect: { tls: { days_left: "> 14" } }
            """.write(toFile: profiles + "/secure.yaml", atomically: true, encoding: .utf8)
            try session.run("\(TmuxSession.apix) --profiles \(profiles)")
            try await session.waiting(for: "secure.get")
            try session.send("/", "C-u")
            try session.send("secure.get", literal: true)
            try session.send("Enter", "Enter")
            try await session.waiting(for: "200 OK")
            try session.send("Tab", "Tab", "5")
            let shown = try await session.waiting(for: "Certificate 1 of 1")
            #expect(shown.contains("address     127.0.0.1:\(peer.port) from 127.0.0.1:"), "\(shown)")
            #expect(shown.contains("connection  new"), "\(shown)")
            #expect(shown.contains("HTTP        HTTP/1.1"), "\(shown)")
            #expect(shown.contains("version     TLSv1."), "\(shown)")
            #expect(shown.contains("subject     CN = apix-e2e.test"), "\(shown)")
            #expect(shown.contains("names       IP Address:127.0.0.1"), "\(shown)")
            #expect(shown.contains("(29 days left)"), "\(shown)")
            #expect(shown.contains("Checks ✓"), "\(shown)")
            // Sent again: the same connection, its TLS facts still shown (a new answer opens on its Body tab).
            try session.send("C-r")
            try await session.waiting(for: "reused connection")
            try session.send("5")
            // Its last section too, so that a screen caught half-drawn is not read as one without a certificate.
            let again = try await session.waiting("the reused connection's whole tab") {
                $0.contains("connection  reused") && $0.contains("Certificate 1 of 1")
            }
            #expect(again.contains("subject     CN = apix-e2e.test"), "\(again)")
            try session.send("q")
        }
    }
}
