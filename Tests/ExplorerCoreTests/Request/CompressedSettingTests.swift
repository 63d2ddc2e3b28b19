import Foundation
import Testing

@testable import ExplorerCore

@Suite("compressed: in profiles, flags and curl commands")
struct CompressedSettingTests {
    static let yaml = """
        compressed: false
        environments:
          local: { base_url: "http://127.0.0.1:1" }
          gzip: { base_url: "http://127.0.0.1:1", compressed: true }
        endpoints:
          - id: inherit
            path: /a
          - id: on
            path: /b
            compressed: true
        """

    func request(_ id: String, environment: String = "local", overrides: RequestOverrides = RequestOverrides())
        throws -> PreparedRequest
    {
        let profile = try ProfileLoader.parse(yaml: Self.yaml, file: "/p/c.yaml", id: "c").get()
        return try RequestBuilder(profile: profile, environment: environment).request(
            endpoint: id, overrides: overrides)
    }

    @Test("compression is on by default and the profile, environment, endpoint and flag each turn it, later wins")
    func layers() throws {
        #expect(TransferOptions().compressed)
        #expect(try request("inherit").options.compressed == false)
        #expect(try request("inherit", environment: "gzip").options.compressed == true)
        #expect(try request("on").options.compressed == true)
        #expect(try request("on", overrides: RequestOverrides(compressed: false)).options.compressed == false)
        #expect(try request("inherit", overrides: RequestOverrides(compressed: true)).options.compressed == true)
    }

    @Test("a compressed: that is not a boolean is a located error")
    func locatedError() throws {
        let yaml = Self.yaml.replacingOccurrences(of: "    compressed: true", with: "    compressed: maybe")
        guard case .failure(let failure) = ProfileLoader.parse(yaml: yaml, file: "/p/c.yaml", id: "c") else {
            Issue.record("expected a problem")
            return
        }
        #expect(failure.problems.contains { $0.location.line == 10 && $0.description.contains("compressed") })
    }

    @Test("the key is written back by the emitter")
    func emitted() throws {
        let profile = try ProfileLoader.parse(yaml: Self.yaml, file: "/p/c.yaml", id: "c").get()
        let endpoint = try #require(profile.endpoint("on"))
        #expect(ProfileEmitter.endpointValue(endpoint, "compressed") == .scalar("true"))
    }

    @Test("import curl keeps --compressed; export curl writes it when compression is on")
    func curl() throws {
        let imported = try CurlCommandLine.parse("curl --compressed http://h/x").endpoint(id: "x")
        #expect(imported.transfer.compressed == true)
        #expect(try CurlCommandLine.parse("curl http://h/x").endpoint(id: "x").transfer.compressed == nil)
        #expect(CurlCommandLine.render(PreparedRequest(url: "http://h/x")).contains(" --compressed"))
        var off = PreparedRequest(url: "http://h/x")
        off.options.compressed = false
        #expect(!CurlCommandLine.render(off).contains("--compressed"))
    }
}

@Suite("What @ means in a body (BodyFileReference)")
struct BodyFileReferenceTests {
    @Test("@path is a file, @@ is text starting with @, anything else is text")
    func parse() {
        #expect(BodyFileReference("@data.json") == .file("data.json"))
        #expect(BodyFileReference("@@handle") == .text("@handle"))
        #expect(BodyFileReference("plain") == .text("plain"))
        #expect(BodyFileReference.isFile(" @x.json\n"))
        #expect(!BodyFileReference.isFile("@@x"))
        #expect(!BodyFileReference.isFile("@"))
        #expect(!BodyFileReference.isFile("@a\nb"))
    }

    @Test("~ is home, relative paths start at the base")
    func resolve() {
        #expect(BodyFileReference.resolve("~/b.json", base: "/w", home: "/home/u") == "/home/u/b.json")
        #expect(BodyFileReference.resolve("d/b.json", base: "/w", home: "/h") == "/w/d/b.json")
        #expect(BodyFileReference.resolve("../b.json", base: "/w/x", home: "/h") == "/w/b.json")
        #expect(BodyFileReference.resolve("/abs/b.json", base: "/w", home: "/h") == "/abs/b.json")
    }

    @Test("a missing file is an error that names its path and why")
    func missing() {
        #expect(
            BodyFileReference.problem(at: "/nonexistent/b.json")
                == "cannot read /nonexistent/b.json: No such file or directory")
    }
}

@Suite("Masked URLs read as bullets")
struct MaskedURLTests {
    @Test("a secret in the query or path shows as •••• in the shown URL, not %E2%80%A2")
    func bullets() throws {
        let yaml = """
            variables: { token: s3cr3t }
            environments:
              local: { base_url: "http://127.0.0.1:1" }
            endpoints:
              - id: get
                path: /users/{{token}}
                query: { key: "{{token}}" }
            """
        var profile = try ProfileLoader.parse(yaml: yaml, file: "/p/m.yaml", id: "m").get()
        profile.secretNames = ["token"]
        let builder = try RequestBuilder(profile: profile)
        let shown = try CredentialPresentation.bullets.shownRequest(
            for: try #require(profile.endpoint("get")), builder: builder)
        #expect(shown.url.contains("%E2%80%A2"), "the built URL stays a valid URL")
        #expect(CredentialPresentation.readable(shown.url) == "http://127.0.0.1:1/users/••••?key=••••")
        let sent = try builder.request(endpoint: "get")
        let response = Response(
            method: .get, url: sent.url, statusCode: 200, reason: "OK", headers: [:], body: .empty, metrics: Metrics())
        #expect(
            CredentialPresentation.shownURL(of: response, sent: sent, shown: shown)
                == "http://127.0.0.1:1/users/••••?key=••••")
    }
}
