import DemoAPI
import Foundation
import TestSupport
import Testing

@testable import ExplorerCore

/// `apix run --json`'s `request.headers` against what a real server received: every field that went on the
/// wire, libcurl's own included, credentials masked.
@Suite("apix run --json shows the headers as sent")
struct RunWireHeadersTests {
    static func profile(port: Int) -> String {
        """
        environments:
          local: { base_url: "http://127.0.0.1:\(port)", headers: { X-Env: local } }
        headers: { Accept: application/json }
        endpoints:
          - id: post
            method: POST
            path: /echo
            body: { json: { hello: world } }
          - id: get
            path: /echo
            query: { q: a }
          - id: form
            method: PUT
            path: /echo
            headers: { X-Empty: "" }
            body: { form: { a: "1 2" } }
          - id: plain
            path: /echo
            headers: { Accept: null }
        """
    }

    /// `name: value` lines, names lower-cased, sorted: the server may report fields in another order.
    static func lines(_ pairs: [JSONValue]?) -> [String] {
        (pairs ?? []).compactMap { pair in
            guard let name = pair[0]?.stringValue, let value = pair[1]?.stringValue else { return nil }
            return "\(name.lowercased()): \(value)"
        }.sorted()
    }

    @Test(
        "request.headers equals what /echo received (Host, Accept, User-Agent, Content-Type, Content-Length …)",
        arguments: [
            ["post"], ["get"], ["form"], ["plain"],
            ["post", "-H", "Authorization: Bearer s3cret", "-H", "User-Agent: me"],
        ])
    func sameAsReceived(_ arguments: [String]) async throws {
        let directory = try TemporaryDirectory()
        try await withDemoServer { server in
            try Self.profile(port: server.port).write(
                toFile: directory.path + "/wire.yaml", atomically: true, encoding: .utf8)
            let out = try await ApixProcess.run(
                ["run", "wire"] + arguments + ["--json", "--profiles", directory.path])
            #expect(out.status == 0, "\(out.stderr)")
            let document = try JSONValue.parse(out.stdout)
            let echo = try JSONValue.parse(#require(document["body"]?.stringValue))
            let shown = Self.lines(document["request"]?["headers"]?.arrayValue)
            var received = Self.lines(echo["headers"]?.arrayValue)
            // Masking aside: the shown Authorization keeps only its scheme.
            received = received.map { $0.hasPrefix("authorization: ") ? "authorization: Bearer ••••••" : $0 }
            let masked = shown.map { $0.hasPrefix("authorization: ") ? "authorization: Bearer ••••••" : $0 }
            #expect(masked == received)
            #expect(shown.contains { $0.hasPrefix("user-agent: ") })
            #expect(shown.contains { $0.hasPrefix("host: 127.0.0.1:") })
            if arguments[0] == "post" {
                #expect(shown.contains("content-type: application/json"))
                #expect(shown.contains { $0.hasPrefix("content-length: ") })
            }
            if arguments.contains("Authorization: Bearer s3cret") {
                #expect(document["request"]?.serialized().contains("s3cret") == false, "the credential stays masked")
            }
        }
    }
}
