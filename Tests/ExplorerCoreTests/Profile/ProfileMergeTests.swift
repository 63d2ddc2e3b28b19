import Foundation
import TestSupport
import Testing

@testable import ExplorerCore

/// `ProfileWriter.merge`: an import merged into a hand-written profile by id, keeping every byte already there.
@Suite("Merging an import into a profile")
struct ProfileMergeTests {
    static let handWritten = """
        # My API — written by hand
        name: Mine
        variables: { region: eu }
        environments:
          local: { base_url: "http://127.0.0.1:8080" }   # the dev box

        endpoints:
            # the first one
            - id: a
              path: /a/mine     # edited by hand

        # trailing comment
        """

    @Test("new endpoints, environments and variables are added; the file's own text is kept byte for byte")
    func addsWhatIsNew() throws {
        let directory = try TemporaryDirectory()
        let file = try directory.write("mine.yaml", Self.handWritten)
        var incoming = Profile(
            id: "mine", file: file,
            environments: [
                ProfileEnvironment(name: "local", baseURL: "http://localhost", variables: ["tenant": "t1"]),
                ProfileEnvironment(name: "prod", baseURL: "https://api.example.com"),
            ])
        incoming.variables = ["region": "us", "version": "2"]
        incoming.endpoints = [
            Endpoint(id: "a", name: "A", method: .get, path: "/a"),
            Endpoint(id: "b", name: "B", method: .post, path: "/b/{{version}}/{{tenant}}"),
        ]
        let merged = try ProfileWriter.merge(incoming, into: file)
        #expect(merged.addedEndpoints == ["b"])
        #expect(merged.keptEndpoints == 1)
        #expect(merged.addedEnvironments == ["prod"])
        #expect(merged.addedVariables.sorted() == ["local.tenant", "version"])
        let text = try String(contentsOfFile: file, encoding: .utf8)
        #expect(text.contains("variables: { region: eu, version: \"2\" }") || text.contains("version: 2"))
        #expect(text.contains("path: /a/mine     # edited by hand"))
        #expect(text.contains("# the first one") && text.contains("# trailing comment"))
        let profile = try ProfileLoader.load(file: file).get()
        #expect(profile.endpoint("a")?.path.raw == "/a/mine")
        #expect(profile.endpoint("b") != nil)
        #expect(profile.variables["region"]?.raw == "eu")
        #expect(profile.environments.map(\.name) == ["local", "prod"])
        #expect(profile.environments.first?.baseURL.raw == "http://127.0.0.1:8080")
        #expect(profile.environments.first?.variables["tenant"]?.raw == "t1")

        // Merging the same again changes nothing.
        let again = try ProfileWriter.merge(incoming, into: file)
        #expect(again.addedEndpoints.isEmpty && again.keptEndpoints == 2)
        #expect(try String(contentsOfFile: file, encoding: .utf8) == text)
    }

    @Test("names missing from an existing secrets file are added; values the user filled in stay and win")
    func secrets() throws {
        let directory = try TemporaryDirectory()
        let file = try directory.write("mine.yaml", Self.handWritten)
        let secretsFile = try directory.write(
            "mine.secrets.yaml", "variables:\n  token: filled-in   # mine\n")
        let incoming = Profile(
            id: "mine", file: file, environments: [ProfileEnvironment(name: "local", baseURL: "http://x")])
        let secrets: [ProfileEmitter.Entry] = [
            .init("variables", .mapping([.init("token", .string("")), .init("password", .string(""))])),
            .init(
                "environments",
                .mapping([
                    .init(
                        "local",
                        .mapping([
                            .init("variables", .mapping([.init("token", .string("l")), .init("other", .string("o"))]))
                        ]))
                ])),
        ]
        let merged = try ProfileWriter.merge(incoming, secrets: secrets, into: file)
        #expect(merged.addedSecrets == ["local", "password"])
        let text = try String(contentsOfFile: secretsFile, encoding: .utf8)
        #expect(text.hasPrefix("variables:\n  token: filled-in   # mine\n"))
        let profile = try ProfileLoader.load(file: file).get()
        #expect(profile.variables["token"]?.raw == "filled-in")
        // The user's value for the whole profile wins over an environment's from the source.
        #expect(profile.environments.first?.variables["token"] == nil)
        #expect(profile.environments.first?.variables["other"]?.raw == "o")
        #expect(profile.secretNames.isSuperset(of: ["token", "password"]))
    }

    @Test("a file that cannot be merged in place is left as it was, and the error says why")
    func refusesAnchors() throws {
        let directory = try TemporaryDirectory()
        let text = "environments:\n  local: &l { base_url: \"http://x\" }\n  copy: *l\nendpoints: []\n"
        let file = try directory.write("mine.yaml", text)
        let incoming = Profile(
            id: "mine", file: file, environments: [ProfileEnvironment(name: "local", baseURL: "http://x")],
            endpoints: [Endpoint(id: "b", name: "B", method: .get, path: "/b")])
        #expect(throws: ProfileWriteError.self) { try ProfileWriter.merge(incoming, into: file) }
        #expect(try String(contentsOfFile: file, encoding: .utf8) == text)
    }

    @Test("a CR LF profile is merged in place and keeps CR LF on every line, the added ones too")
    func crlf() throws {
        let directory = try TemporaryDirectory()
        let text = Self.handWritten.replacingOccurrences(of: "\n", with: "\r\n")
        let file = try directory.write("mine.yaml", text)
        var incoming = Profile(id: "mine", file: file, environments: [])
        incoming.endpoints = [Endpoint(id: "b", name: "B", method: .post, path: "/b")]
        let merged = try ProfileWriter.merge(incoming, into: file)
        #expect(merged.addedEndpoints == ["b"])
        let after = try #require(FileManager.default.contents(atPath: file))
        let bytes = Array(after)
        let lineFeeds = bytes.indices.filter { bytes[$0] == 0x0A }
        #expect(!lineFeeds.isEmpty && lineFeeds.allSatisfy { $0 > 0 && bytes[$0 - 1] == 0x0D })
        let afterText = String(decoding: after, as: UTF8.self)
        for line in text.components(separatedBy: "\r\n") where !line.isEmpty {
            #expect(afterText.contains(line + "\r\n"), "\(line)")
        }
        #expect(try ProfileLoader.load(file: file).get().endpoint("b") != nil)
    }
}
