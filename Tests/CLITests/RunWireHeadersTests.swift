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

    /// `Cookie` lines of `--json`'s `request.headers` and of what `/echo` received.
    static func cookies(_ document: JSONValue) throws -> (shown: [String], received: [String]) {
        let echo = try JSONValue.parse(#require(document["body"]?.stringValue))
        func values(_ pairs: [JSONValue]?) -> [String] {
            (pairs ?? []).compactMap { pair in
                pair[0]?.stringValue?.lowercased() == "cookie" ? pair[1]?.stringValue : nil
            }
        }
        return (values(document["request"]?["headers"]?.arrayValue), values(echo["headers"]?.arrayValue))
    }

    @Test(
        "the jar's Cookie is shown as it went: libcurl's order, values masked unless --reveal, beside a hand-written one"
    )
    func jarCookie() async throws {
        let directory = try TemporaryDirectory()
        let environment = ["XDG_STATE_HOME": directory.path + "/state"]
        try await withDemoServer { server in
            try """
            environments: { local: { base_url: "http://127.0.0.1:\(server.port)" } }
            endpoints:
              - { id: first, path: /cookies/set, query: { a: "alpha-1", bb: "beta-22", c: "gamma-3" } }
              - { id: later, path: /cookies/set, query: { d: "delta-4", a: "alpha-5" } }
              - { id: echo, path: /echo }
              - { id: own, path: /echo, headers: { Cookie: "mine=hand" } }
            """.write(toFile: directory.path + "/jar.yaml", atomically: true, encoding: .utf8)
            for id in ["first", "later"] {
                let set = try await ApixProcess.run(
                    ["run", "jar", id, "--profiles", directory.path], environment: environment)
                #expect(set.status == 0, "\(set.stderr)")
            }
            let revealed = try await ApixProcess.run(
                ["run", "jar", "echo", "--json", "--reveal", "--profiles", directory.path], environment: environment)
            #expect(revealed.status == 0, "\(revealed.stderr)")
            let clear = try Self.cookies(JSONValue.parse(revealed.stdout))
            #expect(clear.shown == clear.received, "shown as it went, in libcurl's order")
            #expect(clear.shown.count == 1)
            let pairs = Set((clear.shown.first ?? "").components(separatedBy: "; "))
            #expect(pairs == ["a=alpha-5", "bb=beta-22", "c=gamma-3", "d=delta-4"])
            #expect(clear.shown.first?.hasPrefix("bb=beta-22; ") == true, "the longest name first")

            let masked = try await ApixProcess.run(
                ["run", "jar", "echo", "--json", "--profiles", directory.path], environment: environment)
            let shown = try Self.cookies(JSONValue.parse(masked.stdout))
            #expect(shown.shown == shown.received.map(RequestCookies.masked))
            #expect(
                try JSONValue.parse(masked.stdout)["request"]?.serialized().contains("alpha") == false,
                "no value in the request as shown")

            // A Cookie the endpoint writes goes in the same field, after the jar's: one `Cookie` (RFC 6265 §5.4). As
            // a second field it reached Werkzeug as `…; a=alpha-5,mine=hand`, one cookie's value.
            let own = try await ApixProcess.run(
                ["run", "jar", "own", "--json", "--reveal", "--profiles", directory.path], environment: environment)
            let both = try Self.cookies(JSONValue.parse(own.stdout))
            #expect(both.shown == both.received)
            #expect(both.shown.count == 1 && both.shown.first?.hasSuffix("; mine=hand") == true, "\(both)")
            let ownMasked = try await ApixProcess.run(
                ["run", "jar", "own", "--json", "--profiles", directory.path], environment: environment)
            let maskedBoth = try Self.cookies(JSONValue.parse(ownMasked.stdout))
            #expect(maskedBoth.shown.first?.hasSuffix("=••••; ••••") == true, "the hand-written one masked whole")

            // The history keeps the request as shown: the jar's Cookie masked.
            let history = try await ApixProcess.run(["history", "--json"], environment: environment)
            #expect(history.status == 0, "\(history.stderr)")
            let id = try #require(JSONValue.parse(history.stdout)["entries"]?[0]?["id"]?.stringValue)
            let entry = try await ApixProcess.run(["history", "show", id, "--json"], environment: environment)
            let kept = try JSONValue.parse(entry.stdout)["request"]?.serialized() ?? ""
            #expect(kept.contains("bb=••••") && !kept.contains("beta-22"), "\(kept)")
        }
    }
}
