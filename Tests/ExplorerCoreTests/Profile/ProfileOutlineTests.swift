import Foundation
import Testing

@testable import ExplorerCore

/// The names shell completion offers (`ProfileOutline`): the line scan reads what composing the YAML reads, and
/// declines (the composer answers) where it cannot be sure.
@Suite("profile outline")
struct ProfileOutlineTests {
    static let shapes = """
        # a comment
        name: Shop
        variables: { a: 1 }
        environments:
          prod: { base_url: "https://shop.example", auths: { ops: { type: bearer, token: t } } }
          staging:   # staging
            base_url: "https://staging.shop.example"
            auths:
              reader: { type: bearer, token: t }
        auths:
          admin: { type: basic, username: a, password: "b: c" }
          "quoted name": { type: bearer, token: t }
        endpoints:
          - { id: orders.list, method: GET, path: "/orders?a=1&b=2" }
          - id: orders.get   # the one
            method: GET
            path: /orders/{id}
            params:
              id: 5
            description: |
              id: not an endpoint
          - name: Third
            id: "third one"
            method: GET
            path: /x
          - id: 'single'
            method: GET
            path: /y

        """

    @Test("the scan and the composer agree on every shape profiles are written in")
    func agreement() throws {
        let scanned = try #require(ProfileOutline.scan(Self.shapes))
        #expect(scanned == ProfileOutline.composed(Self.shapes))
        #expect(scanned.endpoints == ["orders.list", "orders.get", "third one", "single"])
        #expect(scanned.environments == ["prod", "staging"])
        #expect(scanned.auths == ["admin", "quoted name", "ops", "reader"])
    }

    @Test("the shipped demo profile and an emitted one scan as they compose")
    func shipped() throws {
        let demo = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("profiles/demo.yaml")
        let text = try String(contentsOf: demo, encoding: .utf8)
        let scanned = try #require(ProfileOutline.scan(text))
        #expect(scanned == ProfileOutline.composed(text))
        #expect(scanned.endpoints.count > 20)
        let profile = try ProfileLoader.load(file: demo.path).get()
        let emitted = ProfileEmitter.profile(profile)
        #expect(ProfileOutline.scan(emitted) == ProfileOutline.composed(emitted))
        #expect(ProfileOutline.scan(emitted)?.endpoints == profile.endpoints.map(\.id))
    }

    @Test("anchors, tabs, document markers and flow collections over lines are the composer's")
    func declines() {
        let declined = [
            "environments:\n  a: &x { base_url: http://x }\n  b: *x\nendpoints: []\n",
            "environments:\n\ta: { base_url: http://x }\n",
            "---\nenvironments: { a: { base_url: http://x } }\n",
            "environments: { a: { base_url: http://x },\n  b: { base_url: http://y } }\n",
            "endpoints:\n  - id: &first a\n",
        ]
        for text in declined { #expect(ProfileOutline.scan(text) == nil, "\(text)") }
        // The composer still reads them.
        #expect(ProfileOutline.composed(declined[0])?.environments == ["a", "b"])
    }
}
