import DemoAPI
import Foundation
import FoundationXML
import TestSupport
import Testing

@testable import ExplorerCore

/// `apix run` and `apix test` on a chained profile against the real demo API: what is sent first, what is kept
/// between runs, failed checks on stderr and in `--json`, exit statuses, and a JUnit report a parser reads.
@Suite("apix run and apix test with captures and checks")
struct ChainCommandTests {
    static func profile(port: Int) -> String {
        """
        environments: { local: { base_url: "http://127.0.0.1:\(port)" } }
        variables: { password: demo-password }
        endpoints:
          - id: auth.login
            folder: auth
            method: POST
            path: /login
            body: { json: { username: demo, password: "{{password}}" } }
            capture: { token: { json: "$.token" } }
            expect: { status: 200 }
          - id: items.list
            folder: items
            path: /items
            headers: { Authorization: "Bearer {{auth.login.token}}" }
            uses: { auth.login: when_missing }
            capture: { first: { json: "$.items[0].id" } }
            expect:
              status: 2xx
              headers: { Link: { matches: 'rel="next"' } }
              json: { "$.items": { count: 2 }, "$.total": { ">=": 5 } }
          - id: items.get
            folder: items
            path: /items/{id}
            params: { id: "{{items.list.first}}" }
            headers: { Authorization: "Bearer {{auth.login.token}}" }
            uses: { items.list: when_missing }
            expect: { status: 200, json: { "$.id": { "==": 1 } } }
          - id: items.wrong
            folder: items
            path: /items
            headers: { Authorization: "Bearer {{auth.login.token}}" }
            uses: { auth.login: when_missing }
            expect: { json: { "$.total": { "==": 99 } } }
          - id: items.unlinked
            path: /items/{id}
            params: { id: "{{items.list.first}}" }
        """
    }

    struct Setup {
        let folder: TemporaryDirectory
        var profiles: String { folder.path }
        var environment: [String: String] { ["XDG_STATE_HOME": folder.path + "/state"] }
    }

    static func withChainProfile(_ body: (Setup) async throws -> Void) async throws {
        let setup = Setup(folder: try TemporaryDirectory())
        try await withDemoServer { server in
            try Self.profile(port: server.port).write(
                toFile: setup.profiles + "/chain.yaml", atomically: true, encoding: .utf8)
            try await body(setup)
        }
    }

    @Test("run sends what the endpoint uses first, keeps the values, and the next run sends only the endpoint")
    func runChain() async throws {
        try await Self.withChainProfile { setup in
            let first = try await ApixProcess.run(
                ["run", "chain", "items.get", "--profiles", setup.profiles], environment: setup.environment)
            #expect(first.status == 0, "\(first.stderr)")
            #expect(first.stderr.contains("apix: ✓ auth.login (needed first)"))
            #expect(first.stderr.contains("apix: ✓ items.list (needed first)"))
            #expect(first.text.contains("\"id\":1"))
            let stored = try String(
                contentsOfFile: setup.folder.path + "/state/apix/captures/chain@local.json", encoding: .utf8)
            #expect(stored.contains("\"auth.login\""))
            let second = try await ApixProcess.run(
                ["run", "chain", "items.get", "--profiles", setup.profiles], environment: setup.environment)
            #expect(second.status == 0, "\(second.stderr)")
            #expect(!second.stderr.contains("needed first"))
            // An export uses the held values: the id in clear, the token as a shell variable.
            let export = try await ApixProcess.run(
                ["export", "curl", "chain", "items.get", "--profiles", setup.profiles], environment: setup.environment)
            #expect(export.status == 0, "\(export.stderr)")
            #expect(export.text.contains("/items/1"))
            #expect(export.text.contains("Bearer ${AUTH_LOGIN_TOKEN}"))
        }
    }

    @Test("a failed check is printed on stderr and exits 1; --json carries the checks")
    func failedCheck() async throws {
        try await Self.withChainProfile { setup in
            let out = try await ApixProcess.run(
                ["run", "chain", "items.wrong", "--profiles", setup.profiles], environment: setup.environment)
            #expect(out.status == 1)
            #expect(out.stderr.contains("apix: check failed: ✗ $.total == 99 (got 5)"))
            let json = try await ApixProcess.run(
                ["run", "chain", "items.wrong", "--json", "--profiles", setup.profiles], environment: setup.environment)
            #expect(json.status == 1)
            let document = try JSONValue.parse(json.stdout)
            let check = try #require(document["checks"]?[0])
            #expect(check["subject"] == "$.total" && check["passed"] == false && check["actual"] == "5")
        }
    }

    @Test("a value nothing says how to fetch stops run with exit 3, naming both endpoints")
    func missingValue() async throws {
        try await Self.withChainProfile { setup in
            let out = try await ApixProcess.run(
                ["run", "chain", "items.unlinked", "--profiles", setup.profiles], environment: setup.environment)
            #expect(out.status == 3)
            #expect(out.stderr.contains("`items.unlinked` uses {{items.list.first}}"))
            #expect(out.stderr.contains("uses: { items.list: when_missing }"))
        }
    }

    @Test(
        "test of an endpoint whose value nothing fetches fails it with run's words, not as a request that cannot build")
    func testMissingValue() async throws {
        try await Self.withChainProfile { setup in
            let out = try await ApixProcess.run(
                ["test", "chain", "items.unlinked", "--profiles", setup.profiles], environment: setup.environment)
            #expect(out.status == 1, "\(out.stderr)")
            #expect(
                out.stderr.contains(
                    "✗ items.unlinked  no response: `items.unlinked` uses {{items.list.first}}, but no value from "
                        + "`items.list` is held: send `items.list` first, or add `uses: { items.list: when_missing }` "
                        + "to `items.unlinked`"), "\(out.stderr)")
            #expect(!out.stderr.contains("cannot build"))
            #expect(out.stderr.hasSuffix("0 passed, 1 failed\n"))
        }
    }

    @Test("test runs the endpoints with checks, prints a summary, exits 1 on a failure and writes JUnit XML")
    func testCommand() async throws {
        try await Self.withChainProfile { setup in
            let junit = setup.folder.path + "/report.xml"
            let out = try await ApixProcess.run(
                ["test", "chain", "--parallel", "2", "--junit", junit, "--profiles", setup.profiles],
                environment: setup.environment)
            #expect(out.status == 1, "\(out.stderr)")
            #expect(out.stderr.contains("✗ items.wrong"))
            #expect(out.stderr.contains("    ✗ $.total == 99 (got 5)"))
            #expect(out.stderr.contains("3 passed, 1 failed"))
            let report = try JUnitCounts(Data(contentsOf: URL(fileURLWithPath: junit)))
            #expect(report.suites == 1)
            #expect(report.cases == ["auth.login", "items.list", "items.get", "items.wrong"].sorted())
            #expect(report.failures == ["items.wrong"])
            #expect(report.declared == ["tests": 4, "failures": 1, "errors": 0, "skipped": 0])

            let folder = try await ApixProcess.run(
                ["test", "chain", "items", "--json", "--fail-fast", "--profiles", setup.profiles],
                environment: setup.environment)
            let document = try JSONValue.parse(folder.stdout)
            #expect(folder.status == 1)
            #expect(document["failed"] == 1)
            let sent = (document["results"]?.arrayValue ?? []).compactMap { $0["endpoint"]?.stringValue }
            #expect(sent.contains("items.wrong") && !sent.contains("items.unlinked"))
        }
    }

    @Test("the shipped demo profile's Chain folder passes against the demo API, and its JUnit report says so")
    func demoChainFolder() async throws {
        let folder = try TemporaryDirectory()
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().path
        try await withDemoServer { server in
            let junit = folder.path + "/demo.xml"
            let out = try await ApixProcess.run(
                [
                    "test", "demo", "Chain", "--var", "port=\(server.port)", "--junit", junit, "--profiles",
                    root + "/profiles",
                ], environment: ["XDG_STATE_HOME": folder.path + "/state"])
            #expect(out.status == 0, "\(out.stderr)")
            #expect(out.stderr.hasSuffix("3 passed, 0 failed\n"))
            let report = try JUnitCounts(Data(contentsOf: URL(fileURLWithPath: junit)))
            #expect(report.cases == ["chain.item", "chain.items", "chain.login"])
            #expect(report.failures.isEmpty)
            #expect(report.declared == ["tests": 3, "failures": 0, "errors": 0, "skipped": 0])
        }
    }

    @Test("test of endpoints that all pass exits 0")
    func passing() async throws {
        try await Self.withChainProfile { setup in
            let out = try await ApixProcess.run(
                ["test", "chain", "auth.login", "items.get", "--profiles", setup.profiles],
                environment: setup.environment)
            #expect(out.status == 0, "\(out.stderr)")
            #expect(out.stderr.contains("✓ items.list (needed first)"))
            #expect(out.stderr.hasSuffix("3 passed, 0 failed\n"))
        }
    }
}

/// What a JUnit file says, read with an XML parser (a malformed file throws).
final class JUnitCounts: NSObject, XMLParserDelegate {
    private(set) var suites = 0
    private(set) var cases: [String] = []
    private(set) var failures: [String] = []
    private(set) var declared: [String: Int] = [:]
    private var current: String?

    init(_ data: Data) throws {
        super.init()
        let parser = XMLParser(data: data)
        parser.delegate = self
        guard parser.parse() else { throw parser.parserError ?? CocoaError(.fileReadCorruptFile) }
        cases.sort()
    }

    func parser(
        _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String] = [:]
    ) {
        switch name {
        case "testsuite":
            suites += 1
            for key in ["tests", "failures", "errors", "skipped"] { declared[key] = Int(attributes[key] ?? "") }
        case "testcase":
            current = attributes["name"]
            if let current { cases.append(current) }
        case "failure": if let current { failures.append(current) }
        default: break
        }
    }
}
