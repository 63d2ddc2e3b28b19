import Foundation
import TestSupport
import Testing

@testable import ExplorerCore

/// How libcurl's text becomes a `ConnectionInfo` (the handshake line, certificate lines, OpenSSL dates), the
/// tls rule's syntax and located mistakes, and how a connection reads in the Connection tab.
@Suite("Connection text")
struct ConnectionTextTests {
    @Test("the verbose handshake lines give the TLS version, cipher and ALPN; other lines are ignored")
    func handshake() {
        var notes = HandshakeNotes()
        for line in [
            "ALPN: offers h2,http/1.1", "SSL connection using TLSv1.3 / TLS_AES_256_GCM_SHA384 / X25519",
            "ALPN: server accepted h2", "Server certificate:", "Something else / entirely",
        ] {
            // Only the line said once the handshake is done says so (then its session is asked about).
            let done = Array(line.utf8).withUnsafeBytes { notes.read($0) }
            #expect(done == line.hasPrefix("SSL connection using"))
        }
        #expect(notes == HandshakeNotes(version: "TLSv1.3", cipher: "TLS_AES_256_GCM_SHA384", alpn: "h2"))
        var bounded = HandshakeNotes()
        bounded.read(line: "SSL connection using " + String(repeating: "A", count: 500))
        #expect(bounded.version?.count == HandshakeNotes.maxValue)
    }

    @Test("a certificate from libcurl's Name:value lines, with OpenSSL's dates (a day padded with a space)")
    func certificate() throws {
        let certificate = CurlTransfer.certificate(fromLines: [
            "Subject:CN = api.example.com, O = Example", "Issuer:C = US, O = Let's Encrypt, CN = R3", "Version:2",
            "Signature Algorithm:sha256WithRSAEncryption",
            "X509v3 Subject Alternative Name:DNS:api.example.com, DNS:www.example.com",
            "Start date:Jan  2 03:04:05 2026 GMT", "Expire date:Apr  2 03:04:05 2026 GMT",
        ])
        #expect(certificate.subject == "CN = api.example.com, O = Example")
        #expect(certificate.issuer == "C = US, O = Let's Encrypt, CN = R3")
        #expect(certificate.alternativeNames == ["DNS:api.example.com", "DNS:www.example.com"])
        #expect(certificate.signatureAlgorithm == "sha256WithRSAEncryption")
        let notAfter = try #require(certificate.notAfter)
        #expect(notAfter == Date(timeIntervalSince1970: 1_775_099_045))
        #expect(certificate.daysLeft(at: Date(timeIntervalSince1970: 1_775_099_045 - 20 * 86_400 - 60)) == 20)
        #expect(certificate.daysLeft(at: Date(timeIntervalSince1970: 1_775_099_045 + 3600)) == -1)
        #expect(CurlTransfer.date("Feb 30 nonsense") == nil)
    }

    @Test("tls limits: a comparison and days; an unknown key or another form is a located problem; a save keeps them")
    func rules() throws {
        #expect(TLSRule(.daysLeft, "> 14")?.limit == 14)
        #expect(TLSRule(.daysLeft, ">= 30 days")?.limit == 30)
        #expect(TLSRule(.daysLeft, "14") == nil)
        #expect(TLSRule(.daysLeft, "> soon") == nil)
        let text = """
            environments: { local: { base_url: "https://127.0.0.1" } }
            endpoints:
              - id: a
                path: /a
                expect:
                  tls: { days_lef: "> 1", days_left: "fourteen" }
            """
        guard case .failure(let failure) = ProfileLoader.parse(yaml: text, file: "t.yaml", id: "t") else {
            Issue.record("the profile loaded")
            return
        }
        let lines = failure.problems.map(\.description)
        #expect(lines.contains { $0.contains("t.yaml:6:") && $0.contains("did you mean `days_left`?") })
        #expect(lines.contains { $0.contains("t.yaml:6:") && $0.contains("`expect.tls.days_left` must be") })

        let directory = try TemporaryDirectory()
        let file = try directory.write(
            "t.yaml",
            """
            environments: { local: { base_url: "https://127.0.0.1" } }
            endpoints:
              - id: a
                path: /a

            """)
        var endpoint = try #require(try ProfileLoader.load(file: file).get().endpoint("a"))
        var expectation = ResponseExpectation()
        expectation.tls = [try #require(TLSRule(.daysLeft, "> 14"))]
        endpoint.expectation = expectation
        _ = try ProfileWriter.save(endpoint: endpoint, in: ProfileLoader.load(file: file).get())
        let back = try #require(try ProfileLoader.load(file: file).get().endpoint("a")?.expectation)
        #expect(back.tls.map(\.text) == ["> 14"])
        #expect(back.tls.map(\.limit) == [14])
    }

    @Test("the Connection tab's lines: address, reuse, HTTP and ALPN, TLS, each certificate with its days left")
    func lines() {
        let now = Date(timeIntervalSince1970: 1_775_099_045 - 20 * 86_400 - 60)
        let certificate = ConnectionInfo.Certificate(
            subject: "CN = api.example.com", issuer: "CN = R3", alternativeNames: ["DNS:api.example.com"],
            notAfter: Date(timeIntervalSince1970: 1_775_099_045), signatureAlgorithm: "ecdsa-with-SHA256")
        let info = ConnectionInfo(
            remoteAddress: "93.184.216.34", remotePort: 443, localAddress: "10.0.0.2", localPort: 51_234,
            reused: false, httpVersion: "HTTP/2", alpn: "h2",
            tls: .init(version: "TLSv1.3", cipher: "TLS_AES_128_GCM_SHA256", certificates: [certificate]))
        #expect(
            info.lines(now: now) == [
                "Connection",
                "  address     93.184.216.34:443 from 10.0.0.2:51234",
                "  connection  new",
                "  HTTP        HTTP/2",
                "  ALPN        h2",
                "TLS",
                "  version     TLSv1.3",
                "  cipher      TLS_AES_128_GCM_SHA256",
                "Certificate 1 of 1 (the server's)",
                "  subject     CN = api.example.com",
                "  issuer      CN = R3",
                "  names       DNS:api.example.com",
                "  not after   2026-04-02 03:04 UTC (20 days left)",
                "  signature   ecdsa-with-SHA256",
            ])
        let plain = ConnectionInfo(remoteAddress: "::1", remotePort: 8080, reused: true, httpVersion: "HTTP/1.1")
        #expect(plain.lines().contains("  address     [::1]:8080"))
        #expect(plain.lines().contains("  connection  reused (no new handshake)"))
        #expect(plain.lines().contains("  none        plain HTTP: nothing was encrypted"))
    }
}
