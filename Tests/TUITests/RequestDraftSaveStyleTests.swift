import Foundation
import TestSupport
import Testing

@testable import ExplorerCore
@testable import TUI

/// The TUI's save path end to end (issue 25, defect 2): the editor's draft of a block-style endpoint with comments,
/// edited as the issue did (a query value, a header, the path, the method, a value in the JSON body typed as text),
/// saved by `CoreProfileSaver` as `s` does, changes only those lines of the file.
@Suite("The editor's save keeps the file's style")
struct RequestDraftSaveStyleTests {
    static let profile = """
        # Items, by hand
        environments:
          dev:
            base_url: http://localhost:9000

        endpoints:
          - id: items.find        # the search
            method: GET           # a read
            path: /items/find
            query:
              q: shoes            # what to find
              size: 10
            headers:
              X-Client: apix      # who asks
              Accept: application/json   # not edited
            body:
              json:
                filter: all       # the default
                fields:
                  - id
                  - name

        """

    @Test("a query value, a header, the path, the method and a body value edited: only their lines change")
    func issueEdit() async throws {
        let directory = NSTemporaryDirectory() + "apix-save-style-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let file = directory + "/items.yaml"
        try Self.profile.write(toFile: file, atomically: true, encoding: .utf8)

        var profile = try ProfileLoader.load(file: file).get()
        let original = try #require(profile.endpoint("items.find"))
        var draft = RequestDraft(endpoint: original)
        draft.method = .post
        draft.path = "/v1/items/find"
        draft.query[1].value = "25"
        draft.headers[0].value = "apix-tui"
        var body = try #require(draft.body)
        #expect(body.text.contains("\"all\""))
        body.text = body.text.replacingOccurrences(of: "\"all\"", with: "\"new\"")
        draft.body = body
        profile.endpoints[0] = draft.savedEndpoint(from: original)
        _ = try await CoreProfileSaver().save(profile)

        let expected = Self.profile
            .replacingOccurrences(of: "method: GET ", with: "method: POST ")
            .replacingOccurrences(of: "path: /items/find\n", with: "path: /v1/items/find\n")
            .replacingOccurrences(of: "size: 10\n", with: "size: 25\n")
            .replacingOccurrences(of: "X-Client: apix ", with: "X-Client: apix-tui ")
            .replacingOccurrences(of: "filter: all ", with: "filter: new ")
        #expect(try String(contentsOfFile: file, encoding: .utf8) == expected)
        #expect(!FileManager.default.fileExists(atPath: directory + "/items.local.yaml"))
    }

    @Test("an endpoint that uses a merge key goes to the overlay, and the save says where and why; the file is kept")
    func mergeKeyGoesToOverlay() async throws {
        let directory = try TemporaryDirectory()
        let file = directory.path + "/items.yaml"
        let text = """
            x-json: &json { headers: { Accept: application/json } }
            environments: { dev: { base_url: "http://localhost:9000" } }
            endpoints:
              - { <<: *json, id: items.find, path: /items/find, query: { q: shoes } }

            """
        try text.write(toFile: file, atomically: true, encoding: .utf8)
        var profile = try ProfileLoader.load(file: file).get()
        let original = try #require(profile.endpoint("items.find"))
        var draft = RequestDraft(endpoint: original)
        draft.query[0].value = "boots"
        profile.endpoints[0] = draft.savedEndpoint(from: original)
        let (saved, note) = try await CoreProfileSaver().save(profile)
        #expect(
            note
                == "saved items.find to items.local.yaml, beside the profile (the endpoints use YAML anchors, aliases or merge keys)"
        )
        #expect(try String(contentsOfFile: file, encoding: .utf8) == text)
        #expect(saved.endpoint("items.find")?.query.first?.value?.description == "boots")
        #expect(saved.endpoint("items.find")?.headers.map(\.name) == ["Accept"])
        // Through the explorer's update: the status bar says it.
        var state = Fixtures.smallState()
        _ = state.update(.profileSaved(profile: "items", saved: nil, error: nil, note: note))
        #expect(state.message?.text.hasPrefix("saved items.find to items.local.yaml") == true)
    }
}
