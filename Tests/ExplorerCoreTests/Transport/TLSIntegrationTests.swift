import Foundation
import Testing

@testable import ExplorerCore

@Suite("TLS verification")
struct TLSIntegrationTests {
    @Test("verification is on by default; insecure or a named CA file let a self-signed server through")
    func verification() async throws {
        let server = try await TLSServer()
        defer { server.stop() }
        let url = "https://127.0.0.1:\(server.port)/"
        let client = Client()

        let refused = try #require(await client.send(PreparedRequest(url: url)).error?.transportError)
        #expect(refused.kind == .tls)
        #expect([35, 60].contains(refused.exitCode))

        var insecure = PreparedRequest(url: url)
        insecure.options.insecure = true
        let response = try await client.send(insecure).response()
        #expect(response.statusCode == 200)
        #expect(response.metrics.tls > .zero)

        var trusted = PreparedRequest(url: url)
        trusted.options.caFile = server.certificatePath
        #expect(try await client.send(trusted).response().statusCode == 200)
    }
}
