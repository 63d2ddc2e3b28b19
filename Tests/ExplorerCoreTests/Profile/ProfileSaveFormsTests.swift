import Foundation
import TestSupport
import Testing

@testable import ExplorerCore

/// What the editor hands the writer (issue 12): repeated names, values switched off, JSON bodies. Each is saved,
/// read back and compared.
@Suite("Saving repeated names, switched-off values and JSON bodies")
struct ProfileSaveFormsTests {
    static let profile = """
        environments:
          local: { base_url: "http://127.0.0.1:8080" }
        headers: { X-Env: local }
        endpoints:
          - id: search
            path: /search
            query: { q: hello, page: 1, tag: [a, b] }
            headers: { X-Trace: t1 }
          - id: block
            path: /block
            query:
              q: hello
              tag:
                - a
                - b
          - id: create
            method: POST
            path: /items
            body:
              json: { name: apix }
        """

    /// `name: sent values | switched-off values`, `nil` for no sent value.
    static func shape(_ parameters: [Parameter]) -> [String] {
        parameters.map { parameter in
            let sent = parameter.values.map { $0.map(\.raw).joined(separator: ",") } ?? "nil"
            return "\(parameter.name): \(sent) | " + parameter.disabledValues.map(\.raw).joined(separator: ",")
        }
    }

    func load(_ file: String) throws -> Profile {
        try ProfileLoader.load(file: file).get()
    }

    @Test(
        "a query name given twice (as the editor's rows give it) is saved as one key with a list",
        arguments: [
            "search", "block",
        ])
    func repeatedNames(id: String) throws {
        let directory = try TemporaryDirectory()
        let file = try directory.write("shop.yaml", Self.profile)
        var endpoint = try #require(try load(file).endpoint(id))
        endpoint.query = [Parameter("q", "bye"), Parameter("tag", "c"), Parameter("tag", "b"), Parameter("x", "1")]
        #expect(try ProfileWriter.save(endpoint: endpoint, in: load(file)) == .edited(file: file))
        let saved = try #require(try load(file).endpoint(id))
        #expect(saved.query.map(\.name) == ["q", "tag", "x"])
        #expect(saved.query[1].values?.map(\.raw) == ["c", "b"])
        #expect(!FileManager.default.fileExists(atPath: directory.file("shop.local.yaml")))
    }

    @Test("a switched-off value keeps its value in the file and reads back switched off, never `null`")
    func disabledValues() throws {
        let directory = try TemporaryDirectory()
        let file = try directory.write("shop.yaml", Self.profile)
        var endpoint = try #require(try load(file).endpoint("search"))
        endpoint.query = [
            Parameter("q", "hello"), Parameter(name: "page", values: nil, disabledValues: ["1"]),
            Parameter(name: "tag", values: ["a"], disabledValues: ["b"]),
        ]
        endpoint.headers = [Parameter(name: "X-Trace", values: nil, disabledValues: ["t1"])]
        try ProfileWriter.save(endpoint: endpoint, in: load(file))
        let text = try String(contentsOfFile: file, encoding: .utf8)
        #expect(text.contains("page: { value: 1, enabled: false }"))
        #expect(text.contains("tag: [a, { value: b, enabled: false }]"))
        #expect(text.contains("X-Trace: { value: t1, enabled: false }"))
        #expect(!text.contains("null"))
        let saved = try #require(try load(file).endpoint("search"))
        #expect(Self.shape(saved.query) == ["q: hello | ", "page: nil | 1", "tag: a | b"])
        #expect(Self.shape(saved.headers) == ["X-Trace: nil | t1"])
    }

    @Test("switched-off values are not sent; a switched-off header leaves the inherited one alone, null removes it")
    func disabledValuesAreNotSent() throws {
        let yaml = """
            environments: { local: { base_url: "http://h" } }
            headers: { X-Env: local, X-Gone: yes }
            endpoints:
              - id: a
                path: /a
                query: { q: hello, page: { value: 1, enabled: false }, tag: [a, { value: b, enabled: false }] }
                headers: { X-Env: { value: mine, enabled: false }, X-Gone: null, X-On: { value: on, enabled: true } }
            """
        let profile = try ProfileLoader.parse(yaml: yaml, file: "/p/a.yaml", id: "a").get()
        let request = try RequestBuilder(profile: profile, processEnvironment: [:]).request(
            for: try #require(profile.endpoint("a")))
        #expect(request.url == "http://h/a?q=hello&tag=a")
        #expect(request.headers["X-Env"] == "local")
        #expect(request.headers["X-Gone"] == nil)
        #expect(request.headers["X-On"] == "on")
    }

    @Test("the switched-off form is checked like any value: a wrong key or type is located")
    func disabledFormProblems() {
        let yaml = """
            environments: { local: { base_url: "http://h" } }
            endpoints:
              - id: a
                path: /a
                query: { page: { value: 1, enabld: false }, q: { value: 1, enabled: maybe }, r: [{ value: [1] }] }
            """
        let problems = (try? ProfileLoader.parse(yaml: yaml, file: "/p/a.yaml", id: "a").get()) == nil
        #expect(problems)
        guard case .failure(let failure) = ProfileLoader.parse(yaml: yaml, file: "/p/a.yaml", id: "a") else { return }
        let messages = failure.problems.map { "\($0.location.line):\($0.location.column): \($0.message)" }
        #expect(
            messages.contains { $0.hasPrefix("5:32: unknown key `enabld` in `query.page`; did you mean `enabled`?") })
        #expect(messages.contains { $0.contains("`query.q.enabled` must be true or false, got the string \"maybe\"") })
        #expect(messages.contains { $0.contains("`query.r.value` must be a value, got a list") })
    }

    @Test("a JSON body edited as text is saved as YAML structure: order, types and {{variables}} kept")
    func jsonBodyStaysStructure() throws {
        let directory = try TemporaryDirectory()
        let file = try directory.write("shop.yaml", Self.profile)
        var endpoint = try #require(try load(file).endpoint("create"))
        let text = """
            {
              "added": "for {{env.USER}}",
              "name": "apix",
              "n": 2.50,
              "count": 10,
              "ok": true,
              "none": null,
              "quoted": "1",
              "list": [1, "two", { "k": false }]
            }
            """
        endpoint.body = .json(text: text)
        try ProfileWriter.save(endpoint: endpoint, in: load(file))
        let saved = try String(contentsOfFile: file, encoding: .utf8)
        #expect(!saved.contains(#"\""#))
        #expect(
            saved.hasSuffix(
                """
                    body:
                      json:
                        added: "for {{env.USER}}"
                        name: apix
                        n: 2.50
                        count: 10
                        ok: true
                        none: null
                        quoted: "1"
                        list: [1, two, { k: false }]

                """))
        let body = try #require(try load(file).endpoint("create")?.body)
        guard case .json(.object(let members)) = body else {
            Issue.record("expected a JSON object, got \(body)")
            return
        }
        #expect(members.map(\.key) == ["added", "name", "n", "count", "ok", "none", "quoted", "list"])
        #expect(members[2].value == .number("2.50"))
        #expect(members[4].value == .bool(true))
        #expect(members[5].value == .null)
        guard case .string(let quoted) = members[6].value else {
            Issue.record("expected a string, got \(members[6].value)")
            return
        }
        #expect(quoted.raw == "1")
    }

    @Test(
        "JSON text YAML cannot hold as written stays text: variables as values, repeated keys, -0",
        arguments: [
            #"{"n": {{count}}}"#, #"{"a": 1, "a": 2}"#, #"{"z": -0}"#, #"{"huge": 1e400}"#, "not json",
        ])
    func jsonBodyStaysText(text: String) {
        #expect(BodyTemplate.json(text: text) == .json(.string(Template(text))))
    }

    @Test("a save that cannot be verified says which key read back differently")
    func refusalSaysWhy() throws {
        let directory = try TemporaryDirectory()
        let file = try directory.write("shop.yaml", Self.profile)
        var endpoint = try #require(try load(file).endpoint("create"))
        // `-0` reads back from YAML as the number 0: no file can hold this number as written.
        endpoint.body = .json(.object([.init(key: "z", value: .number("-0"))]))
        let profile = try load(file)
        do {
            try ProfileWriter.save(endpoint: endpoint, in: profile)
            Issue.record("expected a refusal")
        } catch {
            #expect(error.message.hasPrefix("cannot save into \(directory.file("shop.local.yaml")): "))
            #expect(
                error.message.hasSuffix(
                    "the overlay did not read back as intended: `body` of `create` read back as { json: { z: 0 } } instead of "
                        + "{ json: { z: -0 } }"
                ))
        }
        #expect(try String(contentsOfFile: file, encoding: .utf8) == Self.profile)
    }
}
