import Foundation
import Testing

@testable import ExplorerCore

/// Mutual TLS against `openssl s_server -Verify 1` with certificates made at test time: accepted with the right
/// certificate and key (its passphrase from a secret), and one line saying which side failed otherwise.
@Suite("Client certificates")
struct ClientCertificateTests {
    static func profile(_ server: OpenSSLServer, _ certificates: TestCertificates, _ extra: String) throws
        -> Profile
    {
        let yaml = """
            variables:
              key_pass: \(certificates.keyPassword)
            environments:
              local:
                base_url: https://127.0.0.1:\(server.port)
                ca_file: \(certificates.caCertificate)
            \(extra)
            endpoints:
              - id: root
                path: /
            """
        var profile = try ProfileLoader.parse(yaml: yaml, file: "/tmp/mtls.yaml", id: "mtls").get()
        profile.secretNames = ["key_pass"]
        return profile
    }

    static func send(_ profile: Profile) async throws -> Result<Response, ClientError> {
        let builder = try RequestBuilder(profile: profile, processEnvironment: ["HOME": "/nonexistent"])
        return await Client(transport: CurlTransport()).send(try builder.request(endpoint: "root"))
    }

    @Test("the right certificate and key are accepted; without one, or with the wrong key, one line says why")
    func mutualTLS() async throws {
        let certificates = try TestCertificates()
        let server = try await OpenSSLServer(certificates: certificates)
        defer { server.stop() }
        let good = """
                cert_file: \(certificates.clientCertificate)
                key_file: \(certificates.clientKey)
                key_password: "{{key_pass}}"
            """
        let accepted = try await Self.send(try Self.profile(server, certificates, good)).get()
        #expect(accepted.statusCode == 200)

        let missing = try #require(try await Self.send(try Self.profile(server, certificates, "")).error)
        #expect(missing.transportError?.kind == .tls)
        #expect(missing.message.hasPrefix("TLS: the server asks for a client certificate"), "\(missing.message)")

        let wrongKey = """
                cert_file: \(certificates.clientCertificate)
                key_file: \(certificates.strangerKey)
            """
        let mismatch = try #require(try await Self.send(try Self.profile(server, certificates, wrongKey)).error)
        #expect(mismatch.message.hasPrefix("TLS: client key cannot be used"), "\(mismatch.message)")

        let badPassphrase = good.replacingOccurrences(of: "{{key_pass}}", with: "wrong")
        let refused = try #require(try await Self.send(try Self.profile(server, certificates, badPassphrase)).error)
        #expect(refused.message.hasPrefix("TLS: client key cannot be used"), "\(refused.message)")

        let untrusted = try Self.profile(server, certificates, good).withoutCAFile()
        let unknown = try #require(try await Self.send(untrusted).error)
        #expect(unknown.message.hasPrefix("TLS: server certificate not trusted"), "\(unknown.message)")
    }

    @Test("apix export curl writes --cacert, --cert, --key and --pass, and the real curl gets through with them")
    func exportedCommandRuns() async throws {
        let certificates = try TestCertificates()
        let server = try await OpenSSLServer(certificates: certificates)
        defer { server.stop() }
        let settings = """
                cert_file: \(certificates.clientCertificate)
                key_file: \(certificates.clientKey)
                key_password: "{{key_pass}}"
            """
        var builder = try RequestBuilder(
            profile: try Self.profile(server, certificates, settings), processEnvironment: ["HOME": "/nonexistent"])
        builder.maskStyle = .marker
        let request = try builder.request(endpoint: "root", masking: true)
        let command = CurlCommandLine.render(request)
        #expect(command.contains("--cert \(certificates.clientCertificate) --key \(certificates.clientKey)"))
        #expect(command.contains("--pass \"${KEY_PASS}\""))
        #expect(CurlCommandLine.shellVariables(in: request) == ["KEY_PASS"])
        let output = try await Shell.run(command + " -sS", environment: ["KEY_PASS": certificates.keyPassword])
        #expect(output.status == 0, "\(output.stderr)")
        #expect(String(decoding: output.stdout, as: UTF8.self).contains("s_server"))
    }
}

extension Profile {
    /// The profile with no environment naming a CA file (the system's CAs then decide).
    fileprivate func withoutCAFile() -> Profile {
        var copy = self
        for index in copy.environments.indices { copy.environments[index].caFile = nil }
        return copy
    }
}
