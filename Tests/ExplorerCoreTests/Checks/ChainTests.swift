import Foundation
import TestSupport
import Testing

@testable import ExplorerCore

/// `capture:` and `uses:`: what the loader accepts and refuses, what a response gives, which endpoints must be sent
/// first, and how captured values reach (and are masked in) requests.
@Suite("Captures and chains")
struct ChainTests {
    static let profileText = """
        name: Chain
        environments: { local: { base_url: "http://127.0.0.1:9" } }
        endpoints:
          - id: auth.login
            method: POST
            path: /login
            capture:
              token: { json: "$.access_token" }
              next: { header: Link, regex: '<([^>]+)>; rel="next"' }
              session: { cookie: sid }
              code: { status: true }
          - id: items.list
            path: /items
            headers: { Authorization: "Bearer {{auth.login.token}}" }
            uses: { auth.login: when_missing }
            capture: { first: { json: "$.items[0].id" } }
          - id: items.get
            path: /items/{id}
            params: { id: "{{items.list.first}}" }
            headers: { Authorization: "Bearer {{auth.login.token}}" }
            uses: { items.list: { when_expired: 60 }, auth.login: when_missing }
          - id: items.raw
            path: /items/{id}
            params: { id: "{{items.list.first}}" }
        """

    static func profile(_ text: String = profileText) throws -> Profile {
        try ProfileLoader.parse(yaml: text, file: "chain.yaml", id: "chain").get()
    }

    static func problems(_ text: String) -> [String] {
        guard case .failure(let failure) = ProfileLoader.parse(yaml: text, file: "chain.yaml", id: "chain") else {
            return []
        }
        return failure.problems.map(\.description)
    }

    @Test("captures, uses and dotted ids load; captured references count as defined variables")
    func loads() throws {
        let profile = try Self.profile()
        #expect(profile.endpoints[0].captures.map(\.name) == ["token", "next", "session", "code"])
        #expect(profile.endpoints[0].captures[1].source == .header("Link"))
        #expect(profile.endpoints[2].uses.map(\.policy) == [.whenExpired(seconds: 60), .whenMissing])
        #expect(profile.endpoints[0].captures.map(\.isSecretLike) == [true, false, true, false])
    }

    @Test("mistakes in capture and uses are located problems")
    func located() {
        let broken = Self.profileText
            .replacingOccurrences(of: #"{ json: "$.access_token" }"#, with: #"{ json: "$.access_token[" }"#)
            .replacingOccurrences(of: "uses: { auth.login: when_missing }", with: "uses: { auth.logni: sometimes }")
        let found = Self.problems(broken)
        #expect(found.contains { $0.hasPrefix("chain.yaml:8:") && $0.contains("invalid JSONPath at column") })
        #expect(found.contains { $0.hasPrefix("chain.yaml:15:") && $0.contains("when_missing, always") })
        let unknown = Self.problems(
            Self.profileText.replacingOccurrences(
                of: "uses: { auth.login: when_missing }", with: "uses: { nope: always }"))
        #expect(unknown.contains { $0.contains("`uses` names `nope`") && $0.hasPrefix("chain.yaml:15:") })
        let undefined = Self.problems(
            Self.profileText.replacingOccurrences(
                of: "auth.login.token}}\" }\n    uses", with: "auth.login.tokn}}\" }\n    uses"))
        #expect(undefined.contains { $0.contains("unknown variable `{{auth.login.tokn}}`") })
    }

    @Test("endpoints that need each other's values are a cycle, found at load")
    func cycles() {
        let text = """
            name: Cycle
            environments: { local: { base_url: "http://127.0.0.1:9" } }
            endpoints:
              - id: a
                path: "/a/{{b.x}}"
                capture: { y: { status: true } }
              - id: b
                path: /b
                uses: { a: always }
                capture: { x: { status: true } }
            """
        let found = Self.problems(text)
        #expect(found.contains { $0.contains("cycle: `a` → `b` → `a`") || $0.contains("cycle: `b` → `a` → `b`") })
    }

    @Test("a response gives each capture its value, or says why not")
    func extraction() throws {
        let profile = try Self.profile()
        var headers = HTTPHeaders()
        headers.add("Content-Type", "application/json")
        headers.add(
            "Link", #"<https://api.test/items?page=2>; rel="next", <https://api.test/items?page=9>; rel="last""#)
        headers.add("Set-Cookie", "theme=dark; Path=/")
        headers.add("Set-Cookie", "sid=abc123; HttpOnly")
        let response = Response(
            method: .post, url: "http://127.0.0.1:9/login", statusCode: 201, reason: "Created", headers: headers,
            body: ResponseBody(data: Data(#"{"access_token": "tok-1", "expires_in": 60}"#.utf8)), metrics: Metrics())
        let moment = Date(timeIntervalSince1970: 1_000)
        let outcome = CaptureExtractor.extract(
            profile.endpoints[0].captures, from: response, endpointID: "auth.login", at: moment)
        #expect(outcome.failures.isEmpty)
        #expect(outcome.values.map(\.value) == ["tok-1", "https://api.test/items?page=2", "abc123", "201"])
        #expect(outcome.values[0].reference == "auth.login.token")
        #expect(outcome.values[0].shown() == "••••" && outcome.values[3].shown() == "201")

        let empty = Response(
            method: .post, url: "http://127.0.0.1:9/login", statusCode: 500, reason: "", headers: HTTPHeaders(),
            body: ResponseBody(data: Data("oops".utf8)), metrics: Metrics())
        let failed = CaptureExtractor.extract(
            profile.endpoints[0].captures, from: empty, endpointID: "auth.login", at: moment)
        #expect(failed.values.map(\.name) == ["code"])
        #expect(failed.failures.count == 3)
        #expect(failed.failures[0].hasPrefix("token: body is not JSON"))
    }

    @Test("a capture that selects more than 64 KiB is refused, not kept")
    func oversizedCapture() throws {
        let big = "{\"blob\": \"" + String(repeating: "x", count: 70_000) + "\", \"id\": 7}"
        let response = Response(
            method: .get, url: "http://127.0.0.1:9/x", statusCode: 200, reason: "OK", headers: HTTPHeaders(),
            body: ResponseBody(data: Data(big.utf8)), metrics: Metrics())
        let captures = [Capture(name: "all", source: .json("$")), Capture(name: "id", source: .json("$.id"))]
        let outcome = CaptureExtractor.extract(captures, from: response, endpointID: "x", at: Date())
        #expect(outcome.values.map(\.value) == ["7"])
        #expect(outcome.failures.count == 1)
        #expect(outcome.failures[0].hasPrefix("all: the value is 68.4 KiB, more than a capture keeps"))
    }

    @Test("uses: sends sources first when their values are missing or expired; without uses: it is an error")
    func planning() throws {
        let profile = try Self.profile()
        let now = Date(timeIntervalSince1970: 10_000)
        func value(_ reference: String, age: TimeInterval) -> (String, CapturedValue) {
            let (source, name) = ChainPlanner.split(reference)!
            return (
                reference,
                CapturedValue(
                    name: name, value: "v", endpointID: source, capturedAt: now.addingTimeInterval(-age),
                    isSecret: false)
            )
        }
        let get = profile.endpoints[2]
        #expect(
            try ChainPlanner.prerequisites(of: get, in: profile, held: [:], now: now) == ["auth.login", "items.list"])
        let fresh = Dictionary(uniqueKeysWithValues: [
            value("auth.login.token", age: 5), value("items.list.first", age: 5),
        ])
        #expect(try ChainPlanner.prerequisites(of: get, in: profile, held: fresh, now: now) == [])
        let stale = Dictionary(uniqueKeysWithValues: [
            value("auth.login.token", age: 5), value("items.list.first", age: 61),
        ])
        #expect(try ChainPlanner.prerequisites(of: get, in: profile, held: stale, now: now) == ["items.list"])
        #expect(throws: ChainError.self) {
            try ChainPlanner.prerequisites(of: profile.endpoints[3], in: profile, held: [:], now: now)
        }
        do {
            _ = try ChainPlanner.prerequisites(of: profile.endpoints[3], in: profile, held: [:], now: now)
        } catch {
            #expect(error.description.contains("`items.raw` uses {{items.list.first}}"))
            #expect(error.description.contains("uses: { items.list: when_missing }"))
        }
    }

    @Test("captured values fill requests; secret-like ones are masked when shown")
    func requests() throws {
        let profile = try Self.profile()
        var builder = try RequestBuilder(profile: profile, processEnvironment: [:])
        let moment = Date()
        builder.captured = [
            "auth.login.token": CapturedValue(
                name: "token", value: "tok-1", endpointID: "auth.login", capturedAt: moment, isSecret: true),
            "items.list.first": CapturedValue(
                name: "first", value: "42", endpointID: "items.list", capturedAt: moment, isSecret: false),
        ]
        let sent = try builder.request(for: profile.endpoints[2])
        #expect(sent.url.hasSuffix("/items/42"))
        #expect(sent.headers["Authorization"] == "Bearer tok-1")
        let shown = try builder.request(for: profile.endpoints[2], masking: true)
        #expect(shown.headers["Authorization"] == "Bearer ••••")
    }

    @Test("the store keeps values per profile and environment in a private file, replacing one endpoint's at a time")
    func store() throws {
        let directory = try TemporaryDirectory()
        let store = CaptureStore(stateDirectory: directory.path)
        let moment = Date(timeIntervalSince1970: 1_000)
        let token = CapturedValue(
            name: "token", value: "t", endpointID: "auth.login", capturedAt: moment, isSecret: true)
        let first = CapturedValue(
            name: "first", value: "1", endpointID: "items.list", capturedAt: moment, isSecret: false)
        try store.record([token], from: "auth.login", profile: "chain", environment: "local")
        try store.record([first], from: "items.list", profile: "chain", environment: "local")
        #expect(
            try store.load(profile: "chain", environment: "local") == [
                "auth.login.token": token, "items.list.first": first,
            ])
        #expect(try store.load(profile: "chain", environment: "prod").isEmpty)
        try store.record([], from: "auth.login", profile: "chain", environment: "local")
        #expect(try store.load(profile: "chain", environment: "local").keys.sorted() == ["items.list.first"])
        let path = store.path(profile: "chain", environment: "local")
        var info = stat()
        #expect(stat(path, &info) == 0 && info.st_mode & 0o777 == 0o600)
        #expect(stat(store.directory, &info) == 0 && info.st_mode & 0o777 == 0o700)
        try store.clear(profile: "chain", environment: "local")
        #expect(!FileManager.default.fileExists(atPath: path))
    }
}

/// What the emitter writes of `capture:`, `uses:` and `expect:` reads back the same, so saving loses none of it.
@Suite("Chains and checks survive writing")
struct ChainEmitterTests {
    @Test("a profile with captures, uses and checks reads back the same after it is written")
    func roundTrip() throws {
        var profile = try ChainTests.profile()
        var expectation = ResponseExpectation()
        expectation.status = [.statusClass(2), .code(304)]
        expectation.headers = [
            .init(name: "X-A", check: .present(false)), .init(name: "ETag", check: .matches("^\".")),
        ]
        expectation.json = [
            .init(query: "$.total", check: .compare(">=", 3)), .init(query: "$.total", check: .type("integer")),
            .init(query: "$.name", check: .compare("==", "it's {{x}}")),
            .init(query: "$.items[?@.done == true]", check: .exists(true)),
        ]
        expectation.bodyContains = ["a: b", "#c"]
        expectation.maxMilliseconds = 250
        profile.endpoints[1].expectation = expectation
        let text = ProfileEmitter.profile(profile)
        let again = try ProfileLoader.parse(yaml: text, file: "again.yaml", id: "chain").get()
        for (before, after) in zip(profile.endpoints, again.endpoints) {
            #expect(
                before.captures.map { [$0.name, "\($0.source)", $0.regex ?? ""] }
                    == after.captures.map {
                        [$0.name, "\($0.source)", $0.regex ?? ""]
                    })
            #expect(
                before.uses.map { "\($0.endpointID) \($0.policy)" }
                    == after.uses.map { "\($0.endpointID) \($0.policy)" })
            var written = after.expectation
            written?.location = before.expectation?.location
            #expect(written == before.expectation)
        }
    }
}
