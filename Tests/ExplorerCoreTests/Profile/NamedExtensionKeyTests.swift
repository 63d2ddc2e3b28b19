import Foundation
import Testing

@testable import ExplorerCore

/// `x-` keys among named definitions (`environments:`, `auths:`): a place for the anchors the definitions merge, read
/// as no environment and no auth by the loader and by both quick readers (`ProfileOutline`, `ProfileSketch`). Before,
/// `x-defaults` under `environments:` was an environment with no `base_url`, and the only error.
@Suite("x- keys among environments and auths")
struct NamedExtensionKeyTests {
    static let anchored = """
        auths:
          x-shared: &shared { type: bearer }
          main: { <<: *shared, token: "{{token}}" }
        environments:
          x-defaults: &defaults
            variables: { token: abc, team: core }
            headers: { X-Team: "{{team}}" }
          local: { <<: *defaults, base_url: "http://127.0.0.1:1" }
          staging:
            <<: *defaults
            base_url: "https://staging.example"
            auths: { x-note: { type: basic }, admin: { type: bearer, token: t } }
        endpoints:
          - { id: a, path: /a, auth: main }

        """

    @Test("the loader reads the definitions and none of the x- entries; merged values arrive")
    func loader() throws {
        let profile = try ProfileLoader.parse(yaml: Self.anchored, file: "/p/x.yaml", id: "x").get()
        #expect(profile.environments.map(\.name) == ["local", "staging"])
        #expect(profile.environments[0].variables["token"] != nil)
        #expect(profile.environments[1].headers.map(\.name) == ["X-Team"])
        #expect(profile.auths.keys.sorted() == ["main"])
        #expect(profile.environments[1].auths.keys.sorted() == ["admin"])
    }

    @Test("the line scan and the composed outline offer the same names as the loader")
    func outline() throws {
        let composed = try #require(ProfileOutline.composed(Self.anchored))
        #expect(composed.environments == ["local", "staging"])
        #expect(composed.auths == ["main", "admin"])
        let plain = """
            auths:
              x-note: see the wiki
              main: { type: bearer, token: t }
            environments:
              x-note: staging is reset nightly
              local: { base_url: "http://127.0.0.1:1" }
            endpoints:
              - id: a
                path: /a

            """
        let scanned = try #require(ProfileOutline.scan(plain))
        #expect(scanned.environments == ["local"])
        #expect(scanned.auths == ["main"])
        #expect(ProfileOutline.composed(plain) == scanned)
        let loaded = try ProfileLoader.parse(yaml: plain, file: "/p/x.yaml", id: "x").get()
        #expect(loaded.environments.map(\.name) == ["local"])
        let sketch = try #require(ProfileSketch.profile(Array(plain.utf8), id: "x", file: "/p/x.yaml"))
        #expect(ProfileSketch.differences(sketch, loaded) == [])
    }

    @Test("environments that are all x- entries name no environment: the located error says so")
    func onlyExtensions() throws {
        let text = """
            environments:
              x-defaults: { base_url: "http://127.0.0.1:1" }
            endpoints: []

            """
        let failure = try #require(ProfileLoader.parse(yaml: text, file: "/p/x.yaml", id: "x").failure)
        #expect(failure.problems.map(\.message) == ["`environments` must name at least one environment"])
    }
}
