import ExplorerCore
import Foundation
import TestSupport
import Testing

/// `apix run --json`'s `connection` object and `apix test`'s `expect: { tls: … }` (issue 30), against a real HTTPS
/// server (Python's `ssl`, `Tests/Peers/tls_server.py`, a certificate made by `openssl` at test time) and the demo
/// API in clear text.
@Suite("apix run: the connection")
struct ConnectionCommandTests {
    /// A certificate for 127.0.0.1 valid for `days` days, its profile trusting it.
    static func profiles(port: Int, certificate: String, in folder: TemporaryDirectory) throws -> String {
        let directory = folder.path + "/profiles"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        try """
        name: Secure
        environments:
          local: { base_url: "https://127.0.0.1:\(port)", ca_file: "\(certificate)" }
        endpoints:
          - id: fresh
            path: /
            expect: { tls: { days_left: "> 14" } }
          - id: strict
            path: /
            expect: { tls: { days_left: "> 60" } }
        """.write(toFile: directory + "/secure.yaml", atomically: true, encoding: .utf8)
        return directory
    }

    @Test("--json has the address, a new connection, TLS version, cipher and the certificate with its days left")
    func json() async throws {
        let folder = try TemporaryDirectory()
        let made = try await ApixProcess.run(
            executable: "/usr/bin/openssl",
            [
                "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes", "-keyout",
                folder.file("key.pem"), "-out", folder.file("cert.pem"), "-days", "30", "-subj", "/CN=apix-cli.test",
                "-addext", "subjectAltName=IP:127.0.0.1",
            ])
        #expect(made.status == 0, "\(made.stderr)")
        let peer = try PythonPeer("tls_server.py", arguments: [folder.file("cert.pem"), folder.file("key.pem")])
        defer { peer.stop() }
        let profiles = try Self.profiles(port: peer.port, certificate: folder.file("cert.pem"), in: folder)

        let run = try await ApixProcess.run(["run", "secure", "fresh", "--json", "--profiles", profiles])
        #expect(run.status == 0, "\(run.stderr)")
        let document = try JSONValue.parse(run.stdout)
        let connection = try #require(document["connection"])
        #expect(connection["remote_ip"]?.stringValue == "127.0.0.1")
        #expect(connection["remote_port"]?.intValue == peer.port)
        #expect(connection["reused"] == .bool(false))
        #expect(connection["http_version"]?.stringValue == "HTTP/1.1")
        #expect(connection["alpn"]?.stringValue == "http/1.1")
        #expect(connection["tls"]?["version"]?.stringValue?.hasPrefix("TLSv1.") == true)
        #expect(connection["tls"]?["cipher"]?.stringValue?.isEmpty == false)
        let leaf = try #require(connection["tls"]?["certificates"]?.arrayValue?.first)
        #expect(leaf["subject"]?.stringValue == "CN = apix-cli.test")
        #expect(leaf["subject_alt_names"] == .array([.string("IP Address:127.0.0.1")]))
        #expect(leaf["days_left"]?.intValue == 29)
        #expect(leaf["not_after"]?.stringValue?.hasSuffix("Z") == true)
        // The existing fields are still there.
        #expect(document["metrics"]?["tls_ms"] != nil)
        #expect(document["status"]?.intValue == 200)

        let passed = try await ApixProcess.run(["test", "secure", "fresh", "--profiles", profiles])
        #expect(passed.status == 0, "\(passed.stderr)")
        let failed = try await ApixProcess.run(["test", "secure", "strict", "--profiles", profiles])
        #expect(failed.status != 0)
        #expect(failed.stderr.contains("✗ tls days_left > 60 (got 29 days)"), "\(failed.stderr)")
    }

    @Test("in clear text, tls is null and a tls check fails saying the answer came over plain HTTP")
    func clearText() async throws {
        try await withDemoServer { server in
            let folder = try TemporaryDirectory()
            let directory = folder.path + "/profiles"
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            try """
            environments: { local: { base_url: "\(server.baseURL)" } }
            endpoints:
              - id: todos
                path: /todos
                expect: { tls: { days_left: "> 14" } }
            """.write(toFile: directory + "/plain.yaml", atomically: true, encoding: .utf8)
            let run = try await ApixProcess.run(["run", "plain", "todos", "--json", "--profiles", directory])
            let document = try JSONValue.parse(run.stdout)
            #expect(document["connection"]?["tls"] == .null)
            #expect(document["connection"]?["remote_port"]?.intValue == server.port)
            let test = try await ApixProcess.run(["test", "plain", "todos", "--profiles", directory])
            #expect(test.status != 0)
            #expect(
                test.stderr.contains("✗ tls days_left > 14 (got no TLS: the answer came over plain HTTP)"),
                "\(test.stderr)")
        }
    }
}
