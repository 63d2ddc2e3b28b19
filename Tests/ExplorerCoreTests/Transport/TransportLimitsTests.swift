import Foundation
import TestSupport
import Testing

@testable import ExplorerCore

/// Limits a hostile or dead server meets: a huge header line is named for what it is, and a transfer that moves
/// nothing ends by default.
@Suite("Transport limits")
struct TransportLimitsTests {
    @Test("a 10 MB response header line reads as passing libcurl's 100 KiB limit, not \"Out of memory\"; exit 8")
    func hugeHeaderLine() async throws {
        let head = "HTTP/1.1 200 OK\r\nX-Huge: " + String(repeating: "a", count: 10 << 20) + "\r\n\r\n"
        let server = try CannedReplyServer(reply: Array(head.utf8))
        let result = await Client().send(PreparedRequest(url: server.baseURL + "/"))
        let error = try #require(result.error?.transportError)
        #expect(error.message.contains("a response header line passed 100 KiB"), "\(error.message)")
        #expect(!error.message.lowercased().contains("out of memory"))
        // One documented status for every answer that cannot be read as HTTP (curl's "weird server reply").
        #expect(error.kind == .badResponse && error.exitCode == 8)
    }

    @Test("without a stall_timeout a request stops after 300 s without a byte; stall_timeout: 0 means never")
    func defaultStallTimeout() throws {
        #expect(TransferOptions().stallTimeout == .seconds(300))
        let directory = try TemporaryDirectory()
        let file = try directory.write(
            "p.yaml",
            """
            environments: { local: { base_url: "http://127.0.0.1:1" } }
            endpoints:
              - { id: normal, path: / }
              - { id: poll, path: /poll, stall_timeout: 0 }
            """)
        let builder = try RequestBuilder(profile: try ProfileLoader.load(file: file).get())
        #expect(try builder.request(endpoint: "normal").options.stallTimeout == .seconds(300))
        #expect(try builder.request(endpoint: "poll").options.stallTimeout == nil)
    }
}
