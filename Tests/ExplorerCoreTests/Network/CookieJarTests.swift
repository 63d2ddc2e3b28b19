import DemoAPI
import Foundation
import TestSupport
import Testing

@testable import ExplorerCore

/// The cookie jar of a profile and environment against the demo API: set, sent, expired, cleared; 0600; off with
/// `cookies: false`.
@Suite("Cookie jar")
struct CookieJarTests {
    static func builder(_ server: RunningDemoServer, state: TemporaryDirectory, _ extra: String = "") throws
        -> RequestBuilder
    {
        let yaml = """
            environments:
              local:
                base_url: \(server.baseURL)
            \(extra)
            endpoints:
              - id: set
                path: /cookies/set
                query: { session: abc123, theme: dark }
              - id: show
                path: /cookies
              - id: forget
                path: /cookies/delete
                query: { session: "" }
              - id: more
                path: /cookies/set
                query: { late: "1" }
            """
        let profile = try ProfileLoader.parse(yaml: yaml, file: "/tmp/jar.yaml", id: "jar").get()
        return try RequestBuilder(profile: profile, processEnvironment: ["XDG_STATE_HOME": state.path])
    }

    static func sentCookies(_ builder: RequestBuilder, client: Client) async throws -> String {
        let response = try await client.send(try builder.request(endpoint: "show")).response()
        return response.text() ?? ""
    }

    @Test("cookies set by the server are kept in a 0600 jar and sent on later requests until expired or cleared")
    func roundTrip() async throws {
        let state = try TemporaryDirectory()
        try await withDemoServer { server in
            let builder = try Self.builder(server, state: state)
            let client = Client(transport: CurlTransport())
            _ = try await client.send(try builder.request(endpoint: "set")).response()
            let jar = CookieJar(profile: "jar", environment: "local", stateDirectory: state.path + "/apix")
            #expect(jar.path == state.path + "/apix/cookies/jar@local.txt")
            let attributes = try FileManager.default.attributesOfItem(atPath: jar.path)
            #expect((attributes[.posixPermissions] as? Int) == 0o600)
            #expect(Set(jar.cookies().map(\.name)) == ["session", "theme"])
            let session = jar.cookies().first { $0.name == "session" }
            #expect(session?.columns() == ["session", "127.0.0.1", "/", "session", "••••"])

            #expect(try await Self.sentCookies(builder, client: client).contains(#""session":"abc123""#))
            // A new transport (another run of apix) reads the jar from the file.
            #expect(try await Self.sentCookies(builder, client: Client(transport: CurlTransport())).contains("abc123"))

            _ = try await client.send(try builder.request(endpoint: "forget")).response()
            #expect(jar.cookies().map(\.name) == ["theme"])
            let after = try await Self.sentCookies(builder, client: client)
            #expect(!after.contains("session") && after.contains("theme"))

            try jar.clear()
            #expect(jar.cookies().isEmpty)
            let fresh = try await Self.sentCookies(builder, client: Client(transport: CurlTransport()))
            #expect(!fresh.contains("theme"))
        }
    }

    @Test("cookies: false keeps no jar and sends nothing")
    func turnedOff() async throws {
        let state = try TemporaryDirectory()
        try await withDemoServer { server in
            let builder = try Self.builder(server, state: state, "cookies: false")
            let client = Client(transport: CurlTransport())
            _ = try await client.send(try builder.request(endpoint: "set")).response()
            #expect(!FileManager.default.fileExists(atPath: state.path + "/apix/cookies"))
            #expect(!(try await Self.sentCookies(builder, client: client).contains("abc123")))
        }
    }

    @Test("jar lines: HttpOnly marks, session cookies, delete one")
    func jarFile() throws {
        let state = try TemporaryDirectory()
        let jar = CookieJar(profile: "p", environment: "e", stateDirectory: state.path)
        #expect(CookieJar.prepare(jar.path))
        try """
        # Netscape HTTP Cookie File
        #HttpOnly_.example.com\tTRUE\t/\tFALSE\t0\tsid\tv1
        example.com\tFALSE\t/api\tTRUE\t2000000000\ttheme\tdark

        """.write(toFile: jar.path, atomically: false, encoding: .utf8)
        let cookies = jar.cookies()
        #expect(cookies.count == 2)
        #expect(cookies[0].httpOnly && cookies[0].expires == nil && cookies[0].includesSubdomains)
        #expect(cookies[1].secure && cookies[1].expiryText == "2033-05-18T03:33:20Z")
        #expect(cookies[1].columns(revealed: true) == ["theme", "example.com", "/api", "2033-05-18T03:33:20Z", "dark"])
        #expect(try jar.delete(name: "sid", domain: ".example.com", path: "/") == 1)
        #expect(jar.cookies().map(\.name) == ["theme"])
    }

    @Test("a jar being rewritten (empty a moment, as libcurl leaves it) is waited for: delete still finds the cookie")
    func deleteWhileRewritten() throws {
        let state = try TemporaryDirectory()
        let jar = CookieJar(profile: "p", environment: "e", stateDirectory: state.path)
        #expect(CookieJar.prepare(jar.path))
        let text = "# Netscape HTTP Cookie File\n127.0.0.1\tFALSE\t/\tFALSE\t0\tsession\tabc123\n"
        // Empty now, whole again in 50 ms: a writer descheduled between libcurl's truncation and its rename. With
        // reads given 20 ms, `delete` found no cookie and removed nothing.
        try "".write(toFile: jar.path, atomically: false, encoding: .utf8)
        Thread {
            usleep(50_000)
            try? text.write(toFile: jar.path, atomically: true, encoding: .utf8)
        }.start()
        #expect(try jar.delete(name: "session", domain: "127.0.0.1", path: "/") == 1)
        #expect(!jar.cookies().contains { $0.name == "session" })
    }

    @Test("the values a request would carry: by domain (subdomains when the cookie says), by path; long ones only")
    func valuesSentTo() throws {
        let state = try TemporaryDirectory()
        let jar = CookieJar(path: state.path + "/jar.txt")
        try """
        # Netscape HTTP Cookie File
        .example.com\tTRUE\t/\tFALSE\t0\twide\twide-value-1
        api.example.com\tFALSE\t/v1\tFALSE\t0\tnarrow\tnarrow-value-2
        example.com\tFALSE\t/\tFALSE\t0\tshort\tabc
        other.org\tFALSE\t/\tFALSE\t0\telse\telsewhere-3

        """.write(toFile: jar.path, atomically: false, encoding: .utf8)
        // In the order libcurl sends them (`RequestCookies`): the longer path first.
        #expect(jar.values(sentTo: "https://api.example.com/v1/users") == ["narrow-value-2", "wide-value-1"])
        #expect(jar.values(sentTo: "https://api.example.com/v2") == ["wide-value-1"])
        #expect(jar.values(sentTo: "http://example.com/") == ["wide-value-1"])
        #expect(jar.values(sentTo: "http://notexample.com/").isEmpty)
        #expect(CookieJar(path: state.path + "/none.txt").values(sentTo: "http://example.com/").isEmpty)
    }

    @Test("a cookie deleted from the jar is no longer sent by the client that holds it, nor by a new one")
    func deleteThroughTheEngine() async throws {
        let state = try TemporaryDirectory()
        try await withDemoServer { server in
            let builder = try Self.builder(server, state: state)
            let client = Client(transport: CurlTransport())
            _ = try await client.send(try builder.request(endpoint: "set")).response()
            let jar = CookieJar(profile: "jar", environment: "local", stateDirectory: state.path + "/apix")
            let session = try #require(jar.cookies().first { $0.name == "session" })
            #expect(try jar.delete(session) == 1)
            #expect(jar.cookies().map(\.name) == ["theme"])
            let attributes = try FileManager.default.attributesOfItem(atPath: jar.path)
            #expect((attributes[.posixPermissions] as? Int) == 0o600)
            let same = try await Self.sentCookies(builder, client: client)
            #expect(!same.contains("abc123") && same.contains("dark"), "\(same)")
            let fresh = try await Self.sentCookies(builder, client: Client(transport: CurlTransport()))
            #expect(!fresh.contains("abc123") && fresh.contains("dark"), "\(fresh)")
            // The jar written by the next answer that sets cookies still lacks it.
            _ = try await client.send(try builder.request(endpoint: "more")).response()
            #expect(Set(jar.cookies().map(\.name)) == ["theme", "late"])
        }
    }

    @Test("deleting while requests set cookies at the same time loses neither the deletion nor their cookies")
    func deleteDuringRequests() async throws {
        let state = try TemporaryDirectory()
        try await withDemoServer { server in
            let builder = try Self.builder(server, state: state)
            let client = Client(transport: CurlTransport())
            let jar = CookieJar(profile: "jar", environment: "local", stateDirectory: state.path + "/apix")
            for round in 0..<12 {
                _ = try await client.send(try builder.request(endpoint: "set")).response()
                var overrides = RequestOverrides()
                overrides.query = [(name: "round\(round)", value: "v")]
                let request = try builder.request(endpoint: "more", overrides: overrides)
                async let setting = client.send(request).response()
                try jar.delete(name: "session", domain: "127.0.0.1", path: "/")
                _ = try await setting
                let names = Set(jar.cookies().map(\.name))
                #expect(!names.contains("session"), "round \(round): \(names)")
                #expect(names.contains("round\(round)"), "round \(round): \(names)")
            }
        }
    }

    @Test("the expiry reads the same in apix cookies and the explorer: session, or the date and how far from now")
    func expiryWording() {
        let now = Date(timeIntervalSince1970: 2_000_000_000)
        var cookie = CookieJar.Cookie(
            domain: "example.com", includesSubdomains: true, path: "/", secure: false, httpOnly: true,
            expires: nil, name: "sid", value: "v")
        #expect(cookie.expiryText(now: now) == "session")
        cookie.expires = now.addingTimeInterval(3540)
        #expect(cookie.expiryText(now: now) == "2033-05-18T04:32:20Z (in 59 min)")
        #expect(!cookie.isExpired(at: now))
        cookie.expires = now.addingTimeInterval(-180)
        #expect(cookie.expiryText(now: now) == "2033-05-18T03:30:20Z (expired 3 min ago)")
        #expect(cookie.isExpired(at: now))
        #expect(
            cookie.columns(now: now) == [
                "sid", ".example.com", "/", "2033-05-18T03:30:20Z (expired 3 min ago)", "••••",
            ])
    }
}

@Suite("Set-Cookie masking")
struct SetCookieMaskingTests {
    @Test("a Set-Cookie value is masked, its name and attributes kept; other headers are untouched")
    func masking() {
        #expect(CookieJar.maskedSetCookie("sid=abc; Path=/; HttpOnly") == "sid=••••; Path=/; HttpOnly")
        #expect(CookieJar.maskedSetCookie("garbage") == "••••")
        var headers = HTTPHeaders()
        headers.add("set-cookie", "a=1")
        headers.add("Content-Type", "text/plain")
        let masked = CookieJar.maskingSetCookies(headers)
        #expect(masked["Set-Cookie"] == "a=••••")
        #expect(masked["Content-Type"] == "text/plain")
    }
}
