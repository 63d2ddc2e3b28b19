import Foundation
import Testing

@testable import ExplorerCore
@testable import TUI

/// The cookie view (`K`): the jar of the selected profile and environment as the core reads it, values masked
/// until revealed, every column escaped; `d` deletes a cookie and `D` clears the jar after a question, both done
/// by the runtime through the core's `CookieJar`.
@Suite("Cookie view")
struct CookieViewTests {
    static let now = Fixtures.start.date
    static let cookies = [
        CookieJar.Cookie(
            domain: "127.0.0.1", includesSubdomains: false, path: "/", secure: false, httpOnly: true, expires: nil,
            name: "session", value: "s3cr3t-value"),
        CookieJar.Cookie(
            domain: "example.com", includesSubdomains: true, path: "/api", secure: true, httpOnly: false,
            expires: now.addingTimeInterval(3600), name: "theme\u{1b}[31m", value: "dark"),
        CookieJar.Cookie(
            domain: "example.com", includesSubdomains: false, path: "/", secure: false, httpOnly: false,
            expires: now.addingTimeInterval(-120), name: "old", value: "gone"),
    ]

    /// The demo state with the cookie view open and the jar read.
    static func opened() throws -> (AppState, CookieJar) {
        var state = Fixtures.demoState()
        let effects = state.press(.character("K"))
        guard case .loadCookies(let jar)? = effects.first else {
            Issue.record("K did not ask for the jar: \(effects.names)")
            throw CancellationError()
        }
        _ = state.update(.cookiesLoaded(path: jar.path, cookies, error: nil))
        return (state, jar)
    }

    static func screen(_ state: AppState) -> String { Screen.render(state, theme: .monochrome).text }

    @Test("K reads the selected profile and environment's jar; rows show name, domain, path, expiry, masked value")
    func lists() throws {
        var (state, jar) = try Self.opened()
        #expect(jar.path.hasSuffix("/apix/cookies/demo@local.txt"))
        let text = Self.screen(state)
        #expect(text.contains("Cookies · demo · local"))
        #expect(text.contains("session") && text.contains("127.0.0.1"))
        #expect(text.contains(".example.com") && text.contains("/api"))
        #expect(text.contains("(in 60 min)") && text.contains("(expired 2 min ago)") && text.contains("session"))
        #expect(text.contains("••••"))
        #expect(!text.contains("s3cr3t-value") && !text.contains("dark"))
        // Server text is escaped: the escape sequence in a name is shown, never sent to the terminal.
        #expect(text.contains(#"theme\e[31m"#))
        #expect(KeyMap.hints(for: .cookies).map(\.label) == ["reveal", "delete", "clear jar", "close"])
        // r reveals the selected value, Enter hides it; closing masks it for next time.
        _ = state.press(.character("r"))
        #expect(Self.screen(state).contains("s3cr3t-value"))
        _ = state.press(.enter)
        #expect(!Self.screen(state).contains("s3cr3t-value"))
        _ = state.press(.character("r"), .escape)
        #expect(state.overlay == nil)
        _ = state.press(.character("K"))
        _ = state.update(.cookiesLoaded(path: jar.path, Self.cookies, error: nil))
        #expect(!Self.screen(state).contains("s3cr3t-value"))
    }

    @Test("the explorer's rows are the core's columns, as apix cookies prints them")
    func sameColumnsAsTheCLI() throws {
        let (state, _) = try Self.opened()
        guard case .cookies(let view)? = state.overlay else {
            Issue.record("no cookie view")
            return
        }
        let rows = CookiesView.rows(view, now: Self.now)
        #expect(rows == Self.cookies.map { $0.columns(now: Self.now).map { SafeText.escape($0) } })
    }

    @Test("d deletes the selected cookie through the runtime; D asks, another key keeps the jar, y clears it")
    func deleteAndClear() throws {
        var (state, jar) = try Self.opened()
        let delete = state.press(.character("j"), .character("d"))
        guard case .deleteCookie(let from, let cookie)? = delete.first else {
            Issue.record("expected deleteCookie, got \(delete.names)")
            return
        }
        #expect(from == jar && cookie == Self.cookies[1])
        #expect(state.message?.text == #"deleted the cookie theme\e[31m of .example.com"#)
        _ = state.update(.cookiesLoaded(path: jar.path, [Self.cookies[0], Self.cookies[2]], error: nil))
        // Its row is gone (the status bar still names it).
        #expect(!Self.screen(state).contains("(in 60 min)"))

        #expect(state.press(.character("D")).isEmpty)
        #expect(Self.screen(state).contains("Clear all 2 cookies of demo · local?"))
        #expect(state.press(.character("n")).isEmpty)
        #expect(state.message?.text == "the jar is kept")
        #expect(!Self.screen(state).contains("Clear all"))
        let clear = state.press(.character("D"), .character("y"))
        guard case .clearCookies(let cleared)? = clear.first else {
            Issue.record("expected clearCookies, got \(clear.names)")
            return
        }
        #expect(cleared == jar)
        #expect(state.message?.text == "cleared 2 cookies of demo · local")
        _ = state.update(.cookiesLoaded(path: jar.path, [], error: nil))
        #expect(Self.screen(state).contains("No cookies"))
        // Nothing to clear: D does not ask.
        _ = state.press(.character("D"))
        #expect(!Self.screen(state).contains("Clear all"))
    }

    @Test("an open view reads the jar again when an exchange ends; a jar read for another view is ignored")
    func refreshes() throws {
        var (state, jar) = try Self.opened()
        let effects = state.update(
            .exchangeFinished(exchange: 99, .failure(.transport(TransportError(.cancelled, "x"))), at: 1))
        #expect(effects.contains { if case .loadCookies(let again) = $0 { again == jar } else { false } })
        _ = state.update(.cookiesLoaded(path: "/elsewhere.txt", [], error: nil))
        #expect(Self.screen(state).contains("session"))
        _ = state.update(.cookiesLoaded(path: jar.path, Self.cookies, error: "could not delete the cookie: EACCES"))
        #expect(Self.screen(state).contains("could not delete the cookie: EACCES"))
    }
}
