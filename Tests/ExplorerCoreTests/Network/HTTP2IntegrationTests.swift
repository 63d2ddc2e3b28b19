import Foundation
import Testing

@testable import ExplorerCore

/// HTTP/2 against nginx (with a certificate made at test time): ALPN by default, `http_version:` at every level,
/// prior knowledge in clear text, and requests sent at once sharing one connection.
@Suite("HTTP/2", .enabled(if: NginxServer.isAvailable), .serialized)
struct HTTP2IntegrationTests {
    static func profile(_ server: NginxServer, _ extra: String = "", endpoint: String = "") throws -> Profile {
        let yaml = """
            environments:
              tls:
                base_url: https://127.0.0.1:\(server.tlsPort)
                ca_file: \(server.certificates.caCertificate)
              clear:
                base_url: http://127.0.0.1:\(server.h2cPort)
            \(extra)
            endpoints:
              - id: root
                path: /
            \(endpoint)
              - id: slow
                path: /slow
            """
        return try ProfileLoader.parse(yaml: yaml, file: "/tmp/h2.yaml", id: "h2").get()
    }

    static func send(
        _ profile: Profile, _ environment: String, _ endpoint: String = "root",
        overrides: RequestOverrides = RequestOverrides(), client: Client = Client()
    ) async throws -> Response {
        let builder = try RequestBuilder(
            profile: profile, environment: environment, processEnvironment: ["HOME": "/nonexistent"])
        let request = try builder.request(endpoint: endpoint, overrides: overrides)
        return try await client.send(request).response()
    }

    @Test("over TLS the version comes from ALPN: HTTP/2 by default, HTTP/1.1 when the profile or the user says so")
    func alpn() async throws {
        let server = try await NginxServer()
        defer { server.stop() }
        let plain = try Self.profile(server)
        let response = try await Self.send(plain, "tls")
        #expect(response.httpVersion == "HTTP/2")
        #expect(response.summaryLine().hasPrefix("HTTP/2 200 OK · "))
        #expect(response.text()?.contains(#""protocol":"HTTP/2.0""#) == true)

        // The override first: libcurl may hand a request that asks for HTTP/2 an idle HTTP/1.1 connection to the
        // host (docs/PROFILES.md), but never the other way round.
        let pinned = try Self.profile(server, "http_version: \"1.1\"")
        var overrides = RequestOverrides()
        overrides.httpVersion = .http2
        #expect(try await Self.send(pinned, "tls", overrides: overrides).httpVersion == "HTTP/2")
        #expect(try await Self.send(pinned, "tls").httpVersion == "HTTP/1.1")

        let endpointLevel = try Self.profile(server, endpoint: "    http_version: \"1.1\"")
        #expect(try await Self.send(endpointLevel, "tls").httpVersion == "HTTP/1.1")
    }

    @Test("in clear text, 2-prior-knowledge speaks HTTP/2 from the first byte to an h2c-only port")
    func priorKnowledge() async throws {
        let server = try await NginxServer()
        defer { server.stop() }
        let profile = try Self.profile(server, "http_version: 2-prior-knowledge")
        let response = try await Self.send(profile, "clear")
        #expect(response.httpVersion == "HTTP/2")
        #expect(response.statusCode == 200)

        // Without it the HTTP/1.1 request is not understood by a port that only speaks HTTP/2.
        let plain = try Self.profile(server)
        let builder = try RequestBuilder(profile: plain, environment: "clear", processEnvironment: [:])
        let result = await Client(transport: CurlTransport()).send(try builder.request(endpoint: "root"))
        #expect(result.error != nil || (try? result.get().httpVersion) != "HTTP/2")
    }

    @Test("requests sent at once to one host share one HTTP/2 connection")
    func multiplexing() async throws {
        let server = try await NginxServer()
        defer { server.stop() }
        let profile = try Self.profile(server)
        let client = Client(transport: CurlTransport())
        let responses = try await withThrowingTaskGroup(of: Response.self) { group in
            for _ in 0..<3 { group.addTask { try await Self.send(profile, "tls", "slow", client: client) } }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        let connections = Set(responses.compactMap { $0.text()?.components(separatedBy: #""connection":"#).last })
        #expect(responses.allSatisfy { $0.httpVersion == "HTTP/2" })
        #expect(connections.count == 1, "one connection for all three: \(connections)")
        #expect(responses.filter(\.metrics.reusedConnection).count == 2)
        // They ran at once: the last to start started before the first to end ended (each waits 1 s at the server).
        // The exchanges' own times say so on a loaded machine too, where a bound on the wall time failed.
        let lastStart = try #require(responses.map(\.metrics.startedAt).max())
        let firstEnd = try #require(responses.map(\.metrics.endedAt).min())
        #expect(lastStart < firstEnd, "they overlapped: last start \(lastStart), first end \(firstEnd)")
    }
}
