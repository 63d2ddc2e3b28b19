import Foundation
import Testing

@testable import ExplorerCore
@testable import TUI

/// The status bar and auth panel follow the selected endpoint's credentials: a named definition (`auth: admin`)
/// by its name and its own token, `auth: none` as none (the profile's token stays in the panel).
@Suite("Status bar and auth panel per endpoint")
struct EndpointAuthStatusTests {
    static let profileKey = ProfileEnvironmentKey(profile: "shop", environment: "dev")
    static let adminKey = ProfileEnvironmentKey(profile: "shop", environment: "dev", definition: "admin")

    /// The small profile with `auth: profileAuth`, an OAuth2 definition `admin` and a basic one `reader`, and
    /// endpoints using each, plus one with `auth: none`.
    static func state(profileAuth: AuthSpec?) -> AppState {
        var catalog = Fixtures.smallCatalog(auth: profileAuth)
        catalog.profiles[0].auths = [
            "admin": Fixtures.oauth2, "reader": .basic(username: "r", password: "{{pass}}"),
        ]
        var admin = Endpoint(id: "admin.me", path: "/me")
        admin.authName = "admin"
        var reader = Endpoint(id: "reader.me", path: "/me")
        reader.authName = "reader"
        catalog.profiles[0].endpoints += [admin, reader, Endpoint(id: "open", path: "/open", authDisabled: true)]
        var state = AppState(
            catalog: catalog, profileDirectory: "/tmp", variables: ["pass": "pw"], processEnvironment: [:],
            width: 120, height: 30, now: Fixtures.start)
        _ = state.update(.resized(width: 120, height: 30))
        return state
    }

    static func statusBar(_ state: AppState) -> String {
        Screen.render(state, theme: .monochrome).lines.last ?? ""
    }

    @Test("an endpoint using a named OAuth2 definition: the bar names it, follows its token, a/l act on it")
    func namedDefinition() throws {
        var state = Self.state(profileAuth: .basic(username: "u", password: "p"))
        state.select("admin.me")
        // Followed as soon as it is selected (`update` asks after every action).
        #expect(state.update(.resized(width: 120, height: 30)).names == ["watchToken"])
        #expect(state.watchedTokens.contains(Self.adminKey))
        #expect(Self.statusBar(state).hasPrefix(" env: dev │ oauth2 admin: … │"), "\(Self.statusBar(state))")
        _ = state.update(.tokenUpdated(Self.adminKey, .token(.none)))
        #expect(Self.statusBar(state).hasPrefix(" env: dev │ oauth2 admin: not logged in │"))
        let expiry = Fixtures.start.date.addingTimeInterval(90)
        _ = state.update(.tokenUpdated(Self.adminKey, .token(.valid(expiresAt: expiry))))
        #expect(Self.statusBar(state).hasPrefix(" env: dev │ oauth2 admin: valid, expires in 1:30 │"))
        // The profile's token is another one: its state does not show here.
        _ = state.update(.tokenUpdated(Self.profileKey, .token(.failed("other"))))
        #expect(Self.statusBar(state).contains("oauth2 admin: valid"))

        _ = state.press(.character("a"))
        let lines = Screen.render(state, theme: .monochrome).lines
        #expect(lines.contains { $0.contains("profile shop · environment dev · auth admin") })
        #expect(lines.contains { $0.contains("token: valid, expires in 1:30") })
        guard case .login(let key, _)? = state.press(.character("l")).first else {
            Issue.record("expected a login")
            return
        }
        #expect(key == Self.adminKey)
        _ = state.press(.escape)

        // A send of the endpoint uses the definition's tokens.
        state.focus = .list
        guard let auth = state.press(.enter).first?.sent?.exchange.authKey else {
            Issue.record("expected a send")
            return
        }
        #expect(auth == Self.adminKey)

        // A static definition is named too; the profile's own auth reads as before.
        state.select("reader.me")
        #expect(Self.statusBar(state).hasPrefix(" env: dev │ auth reader: basic │"))
        state.select("health")
        #expect(Self.statusBar(state).hasPrefix(" env: dev │ auth: basic │"))
    }

    @Test("an endpoint with auth: none says auth: none on a basic profile and on an OAuth2 one")
    func authNone() {
        var basic = Self.state(profileAuth: .basic(username: "u", password: "p"))
        basic.select("open")
        #expect(Self.statusBar(basic).hasPrefix(" env: dev │ auth: none │"), "\(Self.statusBar(basic))")
        basic.select("health")
        #expect(Self.statusBar(basic).hasPrefix(" env: dev │ auth: basic │"))

        var oauth = Self.state(profileAuth: Fixtures.oauth2)
        oauth.select("open")
        #expect(Self.statusBar(oauth).hasPrefix(" env: dev │ auth: none │"), "\(Self.statusBar(oauth))")
        // The auth panel still manages the profile's token.
        _ = oauth.press(.character("a"))
        #expect(oauth.overlay == .auth && oauth.watchedTokens.contains(Self.profileKey))
        let expiry = Fixtures.start.date.addingTimeInterval(90)
        _ = oauth.update(.tokenUpdated(Self.profileKey, .token(.valid(expiresAt: expiry))))
        let lines = Screen.render(oauth, theme: .monochrome).lines
        #expect(lines.contains { $0.contains("token: valid, expires in 1:30") })
        #expect(Self.statusBar(oauth).hasPrefix(" env: dev │ auth: none │"))
    }
}
