import DemoAPI
import Foundation
import Testing

@testable import ExplorerCore

/// A failed login reads as a login, with the server's reason whole, in this process and the next one.
@Suite("Auth failures name what failed")
struct AuthFailureNamingTests {
    @Test("a wrong password on login: the state says login and the server's reason, not 'an earlier refresh'")
    func wrongPasswordLogin() async throws {
        try await withAuthFixture { fixture in
            var settings = fixture.settings
            settings.password = "wrong"
            let refresher = fixture.refresher(settings: settings)
            await #expect(throws: AuthError.self) { try await refresher.login() }
            let expected =
                "login: the token server rejected the password grant (HTTP 400): invalid_grant: "
                + "wrong username or password"
            #expect(await refresher.state == .failed(expected))
            #expect(TokenState.failed(expected).summary().hasPrefix("failed: login: "))

            // Requests after it are told a login failed, and how to recover.
            let later = await fixture.get("/me", AuthInterceptor(.oauth2(refresher)))
            let message = try #require(later.error?.message)
            #expect(message.contains("an earlier login failed (the token server rejected the password grant"))
            #expect(message.contains("wrong username or password"))

            // Another process reads the same state from the token file.
            #expect(await fixture.refresher(settings: settings).state == .failed(expected))
        }
    }

    @Test("the first request with no token and a wrong password: the state says login, not refresh (issue 25)")
    func firstTimeLoginByRequest() async throws {
        try await withAuthFixture { fixture in
            var settings = fixture.settings
            settings.password = "wrong"
            let refresher = fixture.refresher(settings: settings)
            // No token was ever held: the request's token request is a login.
            let first = await fixture.get("/me", AuthInterceptor(.oauth2(refresher)))
            #expect(first.error != nil)
            let expected =
                "login: the token server rejected the password grant (HTTP 400): invalid_grant: "
                + "wrong username or password"
            #expect(await refresher.state == .failed(expected))
            #expect(await fixture.refresher(settings: settings).state == .failed(expected))
        }
    }
}
