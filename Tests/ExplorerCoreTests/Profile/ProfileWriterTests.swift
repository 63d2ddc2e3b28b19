import Foundation
import TestSupport
import Testing

@testable import ExplorerCore

@Suite("Saving endpoints back into profiles")
struct ProfileWriterTests {
    static let handWritten = """
        # My API — written by hand
        name: Mine
        environments:
          local: { base_url: "http://127.0.0.1:8080" }   # the dev box

        endpoints:
            # the first one
            - id: a
              path: /a/{id}     # placeholder
              params: { id: 1 }
              headers:
                X-One: "1"     # keep me
            # b is next
            - id: b
              method: POST
              path: /b
              body:
                json: { x: 1 }

        # trailing comment
        """

    func load(_ file: String) throws -> Profile {
        try ProfileLoader.load(file: file).get()
    }

    @Test("editing params, query, headers and body rewrites only those keys; comments and order stay")
    func editsInPlace() throws {
        let directory = try TemporaryDirectory()
        let file = try directory.write("mine.yaml", Self.handWritten)
        var a = try #require(try load(file).endpoint("a"))
        a.params = [Parameter("id", "2")]
        a.query = [Parameter("q", "x y"), Parameter(name: "empty", values: nil)]
        #expect(try ProfileWriter.save(endpoint: a, in: load(file)) == .edited(file: file))
        var b = try #require(try load(file).endpoint("b"))
        b.body = .json(.object([.init(key: "x", value: .number("2")), .init(key: "s", value: .string("3"))]))
        b.headers = [Parameter("X-Two", "{{missing-no-more}}".isEmpty ? nil : "two")]
        #expect(try ProfileWriter.save(endpoint: b, in: load(file)) == .edited(file: file))

        let expected = Self.handWritten
            .replacingOccurrences(
                of: "      params: { id: 1 }\n", with: "      params: { id: 2 }\n      query: { q: x y, empty: null }\n"
            )
            .replacingOccurrences(
                of: "      body:\n        json: { x: 1 }\n",
                with: "      headers:\n        X-Two: two\n      body:\n        json: { x: 2, s: \"3\" }\n")
        #expect(try String(contentsOfFile: file, encoding: .utf8) == expected + "\n")
        let reloaded = try load(file)
        #expect(reloaded.endpoint("a")?.query.map(\.name) == ["q", "empty"])
        #expect(ProfileEmitter.endpointFields(try #require(reloaded.endpoint("b"))) == ProfileEmitter.endpointFields(b))
    }

    @Test("a key set back to its default is removed; an unchanged endpoint leaves the file byte for byte")
    func removesKeys() throws {
        let directory = try TemporaryDirectory()
        let file = try directory.write("mine.yaml", Self.handWritten)
        let untouched = try #require(try load(file).endpoint("a"))
        try ProfileWriter.save(endpoint: untouched, in: load(file))
        #expect(try String(contentsOfFile: file, encoding: .utf8) == Self.handWritten + "\n")
        var a = untouched
        a.headers = []
        try ProfileWriter.save(endpoint: a, in: load(file))
        let text = try String(contentsOfFile: file, encoding: .utf8)
        #expect(!text.contains("X-One"))
        #expect(text.contains("    # b is next\n    - id: b\n"))
        #expect(try load(file).endpoint("a")?.headers.isEmpty == true)
    }

    @Test("a new endpoint is appended in the file's indentation and loads back equal")
    func appends() throws {
        let directory = try TemporaryDirectory()
        let file = try directory.write("mine.yaml", Self.handWritten)
        let new = Endpoint(
            id: "c.new", name: "A new one", folder: "New", description: "Saved from the editor", method: .put,
            path: "/c/{id}", params: [Parameter("id", nil)], query: [Parameter(name: "tag", values: ["a", "b"])],
            headers: [Parameter("X-Note", "null")], body: .text("hello\nworld: yes", contentType: "text/plain"),
            transfer: TransferSettings(timeout: .milliseconds(1500), followRedirects: false),
            priority: .low, cacheSeconds: 30, authDisabled: true, downloadTo: "./out/")
        #expect(try ProfileWriter.save(endpoint: new, in: load(file)) == .edited(file: file))
        let text = try String(contentsOfFile: file, encoding: .utf8)
        #expect(text.hasPrefix(Self.handWritten.components(separatedBy: "\n# trailing").first!))
        #expect(text.contains("\n    - id: c.new\n      name: A new one\n"))
        #expect(text.hasSuffix("# trailing comment\n"))
        let saved = try #require(try load(file).endpoint("c.new"))
        #expect(ProfileEmitter.endpointFields(saved) == ProfileEmitter.endpointFields(new))
        #expect(saved.params.first?.values == nil)
        #expect(saved.headers.first?.value?.raw == "null")
    }

    @Test("renaming replaces the old endpoint; a clash with another id is refused and nothing is written")
    func renames() throws {
        let directory = try TemporaryDirectory()
        let file = try directory.write("mine.yaml", Self.handWritten)
        var a = try #require(try load(file).endpoint("a"))
        a.id = "b"
        #expect(throws: ProfileWriteError(.duplicateID("b"), file: file)) {
            try ProfileWriter.save(endpoint: a, in: load(file), replacing: "a")
        }
        #expect(try String(contentsOfFile: file, encoding: .utf8) == Self.handWritten)
        a.id = "a2"
        try ProfileWriter.save(endpoint: a, in: load(file), replacing: "a")
        #expect(try load(file).endpoints.map(\.id) == ["a2", "b"])
    }

    @Test("a flow-style list cannot be edited in place: the endpoint goes to NAME.local.yaml, merged on load")
    func overlay() throws {
        let directory = try TemporaryDirectory()
        let original = """
            environments: { local: { base_url: "http://h" } }
            endpoints: [ { id: a, path: /a }, { id: b, path: /b } ]
            """
        let file = try directory.write("flow.yaml", original)
        var a = try #require(try load(file).endpoint("a"))
        a.query = [Parameter("q", "1")]
        let outcome = try ProfileWriter.save(endpoint: a, in: load(file))
        let overlay = directory.file("flow.local.yaml")
        #expect(outcome == .overlay(file: overlay, reason: "the `endpoints` list is empty or written in flow style"))
        #expect(try String(contentsOfFile: file, encoding: .utf8) == original)
        let merged = try load(file)
        #expect(merged.endpoints.map(\.id) == ["a", "b"])
        #expect(merged.endpoint("a")?.query.first?.value?.raw == "1")
        #expect(merged.endpoint("a")?.location?.file == overlay)

        // Saving again updates the overlay; a new endpoint joins it.
        a.query = [Parameter("q", "2")]
        #expect(try ProfileWriter.save(endpoint: a, in: merged).file == overlay)
        try ProfileWriter.save(endpoint: Endpoint(id: "c", path: "/c"), in: load(file))
        let again = try load(file)
        #expect(again.endpoints.map(\.id) == ["a", "b", "c"])
        #expect(again.endpoint("a")?.query.first?.value?.raw == "2")
        #expect(try String(contentsOfFile: file, encoding: .utf8) == original)
    }

    @Test("a file with CR LF line endings is edited in place and keeps them, comments too")
    func crlf() throws {
        let directory = try TemporaryDirectory()
        let text =
            "# mine\r\nenvironments: { local: { base_url: \"http://h\" } }\r\nendpoints:\r\n  - id: a\r\n    path: /a\r\n"
            + "  - id: b\r\n    path: /b  # keep\r\n"
        let file = try directory.write("crlf.yaml", text)
        var a = try #require(try load(file).endpoint("a"))
        a.path = "/a2"
        guard case .edited = try ProfileWriter.save(endpoint: a, in: load(file)) else {
            Issue.record("expected an edit in place")
            return
        }
        let after = try String(contentsOfFile: file, encoding: .utf8)
        #expect(after == text.replacingOccurrences(of: "path: /a\r\n", with: "path: /a2\r\n"))
        #expect(try load(file).endpoint("a")?.path.raw == "/a2")
    }

    @Test(
        "a file that mixes LF and CR LF is not rewritten in place: the edit goes to the overlay, byte for byte intact")
    func mixedEndings() throws {
        let directory = try TemporaryDirectory()
        let text = "environments: { local: { base_url: \"http://h\" } }\nendpoints:\r\n  - id: a\r\n    path: /a\n"
        let file = try directory.write("mixed.yaml", text)
        var a = try #require(try load(file).endpoint("a"))
        a.path = "/a2"
        guard case .overlay(_, let reason) = try ProfileWriter.save(endpoint: a, in: load(file)) else {
            Issue.record("expected the overlay")
            return
        }
        #expect(reason == "the file mixes LF and CR LF line endings")
        #expect(try String(contentsOfFile: file, encoding: .utf8) == text)
        #expect(try load(file).endpoint("a")?.path.raw == "/a2")
    }

    @Test("saving through a symbolic link edits the linked file and keeps the link")
    func symlink() throws {
        let real = try TemporaryDirectory()
        let profiles = try TemporaryDirectory()
        let target = try real.write("mine.yaml", Self.handWritten)
        let link = profiles.file("mine.yaml")
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
        var a = try #require(try load(link).endpoint("a"))
        a.path = "/a2/{id}"
        _ = try ProfileWriter.save(endpoint: a, in: load(link))
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == target)
        #expect(try String(contentsOfFile: target, encoding: .utf8).contains("/a2/{id}"))
        #expect(try load(link).endpoint("a")?.path.raw == "/a2/{id}")
    }

    @Test("anchors and aliases are never rewritten in place")
    func anchors() throws {
        let directory = try TemporaryDirectory()
        let file = try directory.write(
            "anchors.yaml",
            """
            environments: { local: { base_url: "http://h" } }
            endpoints:
              - id: a
                path: /a
                headers: &common { X-A: "1" }
              - id: b
                path: /b
                headers: *common
            """)
        var b = try #require(try load(file).endpoint("b"))
        b.path = "/b2"
        guard case .overlay(_, let reason) = try ProfileWriter.save(endpoint: b, in: load(file)) else {
            Issue.record("expected the overlay")
            return
        }
        #expect(reason == "the endpoints use YAML anchors, aliases or merge keys")
        #expect(try load(file).endpoint("b")?.path.raw == "/b2")
    }

    @Test("a broken profile is not saved over")
    func brokenProfile() throws {
        let directory = try TemporaryDirectory()
        let file = try directory.write(
            "mine.yaml", Self.handWritten.replacingOccurrences(of: "path: /b", with: "pth: /b"))
        let profile = Profile(id: "mine", file: file, environments: [])
        #expect(throws: ProfileWriteError.self) {
            try ProfileWriter.save(endpoint: Endpoint(id: "c", path: "/c"), in: profile)
        }
        #expect(!FileManager.default.fileExists(atPath: directory.file("mine.local.yaml")))
    }

    @Test("the first endpoint of a profile written with `endpoints: []` turns the list into a block list")
    func firstEndpoint() throws {
        let directory = try TemporaryDirectory()
        let file = try directory.write(
            "new.yaml", "environments: { local: { base_url: \"http://h\" } }\nendpoints: []\n")
        #expect(try ProfileWriter.save(endpoint: Endpoint(id: "a", path: "/a"), in: load(file)) == .edited(file: file))
        #expect(
            try String(contentsOfFile: file, encoding: .utf8)
                == "environments: { local: { base_url: \"http://h\" } }\nendpoints:\n  - id: a\n    method: GET\n    path: /a\n"
        )
    }
}
