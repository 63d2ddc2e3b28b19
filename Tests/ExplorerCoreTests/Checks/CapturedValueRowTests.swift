import Foundation
import Testing

@testable import ExplorerCore

/// What the explorer's values view lists (`CapturedValue.Row`), which values are secret-like, and forgetting one
/// value on disk (`CaptureStore.forget`).
@Suite("Captured values as listed, secret-like values, forgetting one")
struct CapturedValueRowTests {
    static let now = Date(timeIntervalSince1970: 1_700_000_000)

    static func value(_ name: String, _ value: String, from endpoint: String, secret: Bool, age: Double)
        -> CapturedValue
    {
        CapturedValue(
            name: name, value: value, endpointID: endpoint, capturedAt: now.addingTimeInterval(-age), isSecret: secret)
    }

    static let held: [String: CapturedValue] = [
        "login.token": value("token", "tok-1", from: "login", secret: true, age: 12),
        "items.first": value("first", "4\u{1B}[31m", from: "items", secret: false, age: 300),
    ]

    @Test("rows by reference: secrets masked unless revealed, values escaped, source endpoint and age in words")
    func rows() {
        let rows = CapturedValue.Row.rows(Self.held, now: Self.now)
        #expect(rows.map(\.reference) == ["items.first", "login.token"])
        #expect(rows[1].shownValue == "••••" && rows[1].isSecret)
        #expect(rows[1].age == "12 s ago" && rows[0].age == "5 min ago")
        #expect(rows[0].shownValue == SafeText.escape("4\u{1B}[31m") && !rows[0].shownValue.contains("\u{1B}"))
        #expect(rows[1].endpointID == "login")
        let revealed = CapturedValue.Row.rows(Self.held, now: Self.now, revealed: ["login.token"])
        #expect(revealed[1].shownValue == "tok-1")
    }

    @Test("secret-like: credential headers, names that say so, cookies, and every value of a token endpoint")
    func secretLike() throws {
        let id = Capture(name: "id", source: .json("$.id"))
        let plain = Endpoint(id: "items.list", path: "/items")
        #expect(!id.isSecretLike(from: plain))
        #expect(id.isSecretLike(from: Endpoint(id: "auth.login", path: "/login")))
        #expect(id.isSecretLike(from: Endpoint(id: "get-it", method: .post, path: "/oauth/token")))
        #expect(Capture(name: "h", source: .header("Set-Cookie")).isSecretLike(from: plain))
        #expect(Capture(name: "api_key", source: .json("$.k")).isSecretLike(from: plain))
        #expect(Capture(name: "sid", source: .cookie("sid")).isSecretLike(from: plain))
        #expect(!Capture(name: "code", source: .status).isSecretLike(from: plain))
    }

    @Test("a token endpoint's captured values are kept as secrets")
    func tokenEndpointCapture() throws {
        let response = ExpectationCheckerTests.response(body: #"{"user_id": 7}"#)
        let outcome = CaptureExtractor.extract(
            [Capture(name: "user", source: .json("$.user_id"))], from: response, endpointID: "auth.login",
            at: Self.now, tokenEndpoint: true)
        #expect(outcome.values.first?.isSecret == true)
    }

    @Test("forget removes one value on disk and keeps the others; clear removes the file")
    func forget() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("apix-forget-\(UUID())").path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let store = CaptureStore(directory: directory)
        try store.record([Self.held["login.token"]!], from: "login", profile: "p", environment: "e")
        try store.record([Self.held["items.first"]!], from: "items", profile: "p", environment: "e")
        #expect(try store.load(profile: "p", environment: "e").count == 2)
        let left = try store.forget("login.token", profile: "p", environment: "e")
        #expect(Array(left.keys) == ["items.first"])
        #expect(try Array(store.load(profile: "p", environment: "e").keys) == ["items.first"])
        #expect(try store.forget("nothing.here", profile: "p", environment: "e").count == 1)
        try store.clear(profile: "p", environment: "e")
        #expect(try store.load(profile: "p", environment: "e").isEmpty)
    }
}
