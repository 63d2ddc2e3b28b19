import DemoAPI
import Foundation
import TestSupport
import Testing

@testable import ExplorerCore

/// Named auth definitions (`auths:`) an endpoint uses by name (`auth: admin`): read and checked at load, and, for
/// OAuth2, tokens kept per definition against the demo API's token endpoint.
@Suite("Named auth definitions")
struct NamedAuthTests {
    static func profile(port: Int) -> String {
        """
        variables: { password: demo-password }
        environments:
          local: { base_url: "http://127.0.0.1:\(port)" }
        auths:
          admin:
            type: oauth2
            grant: password
            token_url: /auth/token
            client_id: demo-client
            client_secret: demo-secret
            username: demo
            password: "{{password}}"
          reader:
            type: oauth2
            grant: client_credentials
            token_url: /auth/token
            client_id: demo-client
            client_secret: demo-secret
        endpoints:
          - { id: as.admin, path: /me, auth: admin }
          - { id: as.reader, path: /me, auth: reader }
          - { id: open, path: /echo }
        """
    }

    static func load(_ text: String) -> Result<Profile, ProfileLoadFailure> {
        ProfileLoader.load(file: "/tmp/named-auth/oauth.yaml", text: text)
    }

    @Test("auths: are read at profile and environment level; an endpoint's auth: NAME picks the definition")
    func reading() throws {
        let profile = try Self.load(Self.profile(port: 1)).get()
        #expect(profile.auths.keys.sorted() == ["admin", "reader"])
        let admin = try #require(profile.endpoint("as.admin"))
        #expect(admin.authName == "admin")
        let builder = try RequestBuilder(profile: profile)
        guard case .oauth2(let spec)? = builder.authSpec(for: admin) else {
            Issue.record("expected the admin definition")
            return
        }
        #expect(spec.grant == .password)
        #expect(builder.authSpec(for: profile.endpoint("open")) == nil)
        #expect(
            builder.authSessionKey(for: admin)
                == ProfileEnvironmentKey(profile: "oauth", environment: "local", definition: "admin"))
        #expect(builder.authSessionKey(for: profile.endpoint("open")) == builder.authSessionKey)
        guard case .oauth2(let settings)? = try builder.auth(definition: "reader") else {
            Issue.record("expected the reader definition")
            return
        }
        #expect(settings.grant == .clientCredentials)
        #expect(settings.tokenURL == "http://127.0.0.1:1/auth/token")
        #expect(throws: RequestBuildError.self) { try builder.auth(definition: "nope") }

        // An environment's definition of the same name replaces the profile's there.
        let staged = try Self.load(
            """
            environments:
              local: { base_url: "http://127.0.0.1:1" }
              staging:
                base_url: "http://127.0.0.1:2"
                auths: { reader: { type: bearer, token: staging-token } }
            auths:
              reader: { type: basic, username: u, password: p }
            endpoints:
              - { id: e, path: /e, auth: reader }
            """
        ).get()
        let endpoint = try #require(staged.endpoint("e"))
        #expect(try RequestBuilder(profile: staged, environment: "local").auth(for: endpoint)?.typeName == "basic")
        #expect(try RequestBuilder(profile: staged, environment: "staging").auth(for: endpoint)?.typeName == "bearer")
        // Saved back as written: the name, not the definition.
        #expect(ProfileEmitter.endpoints([endpoint]).contains("auth: reader"))
        let written = ProfileEmitter.profile(staged)
        let reread = try Self.load(written).get()
        #expect(reread.auths.mapValues(\.typeName) == ["reader": "basic"])
        #expect(reread.environments.map { $0.auths.mapValues(\.typeName) } == [[:], ["reader": "bearer"]])
    }

    @Test("an edited endpoint that uses a definition is saved in place, keeping auth: NAME")
    func savesTheName() throws {
        let directory = try TemporaryDirectory()
        let file = try directory.write("named.yaml", Self.profile(port: 1))
        var endpoint = try #require(try ProfileLoader.load(file: file).get().endpoint("as.admin"))
        endpoint.query = [Parameter("page", "2")]
        #expect(
            try ProfileWriter.save(endpoint: endpoint, in: ProfileLoader.load(file: file).get()) == .edited(file: file))
        let saved = try #require(try ProfileLoader.load(file: file).get().endpoint("as.admin"))
        #expect(saved.authName == "admin" && saved.query.map(\.name) == ["page"])
    }

    @Test("apix check locates an unknown definition name (with the nearest), and one an environment lacks")
    func unknownNames() throws {
        let text = """
            environments:
              local: { base_url: "http://127.0.0.1:1" }
              staging:
                base_url: "http://127.0.0.1:2"
                auths: { extra: { type: bearer, token: t } }
            auths:
              admin: { type: bearer, token: "{{missing}}" }
              none: { type: bearer, token: t }
            endpoints:
              - id: typo
                path: /a
                auth: admn
              - id: only.staging
                path: /b
                auth: extra
            """
        guard case .failure(let failure) = Self.load(text) else {
            Issue.record("expected problems")
            return
        }
        let problems = failure.problems
        let typo = problems.first { $0.message.contains("`admn`") }
        #expect(typo?.message.contains("did you mean `admin`?") == true, "\(problems)")
        #expect(typo?.location.line == 12 && typo?.location.column == 11)
        let staging = problems.first { $0.message.contains("`extra`") }
        #expect(staging?.message.contains("environment `local` does not define it") == true, "\(problems)")
        #expect(staging?.location.line == 15)
        #expect(problems.contains { $0.message.contains("{{missing}}") && $0.message.contains("definition `admin`") })
        #expect(problems.contains { $0.message.contains("cannot define `none`") && $0.location.line == 8 })
    }

    @Test("token files are kept per definition; the profile's auth: keeps its file name")
    func tokenFiles() {
        let store = TokenStore(directory: "/s")
        #expect(store.path(for: ProfileEnvironmentKey(profile: "demo", environment: "local")) == "/s/demo@local.json")
        #expect(
            store.path(for: ProfileEnvironmentKey(profile: "demo", environment: "local", definition: "ad@min"))
                == "/s/demo@local@ad%40min.json")
        #expect(
            ProfileEnvironmentKey(profile: "demo", environment: "local", definition: "admin").description
                == "demo (local, admin)")
    }

    @Test("two OAuth2 definitions: separate tokens and files; a 401 refresh of one leaves the other untouched")
    func twoDefinitions() async throws {
        let state = try TemporaryDirectory()
        try await withDemoServer { server in
            let client = Client()
            let sessions = AuthSessions(
                store: TokenStore(stateDirectory: state.path), tokenClient: OAuthTokenClient(client: client))
            let profile = try Self.load(Self.profile(port: server.port)).get()
            let builder = try RequestBuilder(profile: profile)

            @Sendable func send(_ id: String) async throws -> (Response, ProfileEnvironmentKey) {
                let endpoint = try #require(profile.endpoint(id))
                let auth = try #require(try builder.auth(for: endpoint))
                let key = builder.authSessionKey(for: endpoint)
                let options = SendOptions(interceptor: await sessions.interceptor(for: auth, key: key))
                return (try await client.send(try builder.request(for: endpoint), options: options).response(), key)
            }
            func stats() async throws -> JSONValue {
                try JSONValue.parse(
                    await client.send(PreparedRequest(url: server.url("/auth/stats"))).response().body.data())
            }

            let (admin, adminKey) = try await send("as.admin")
            let (reader, readerKey) = try await send("as.reader")
            #expect(admin.statusCode == 200 && reader.statusCode == 200)
            #expect(try JSONValue.parse(admin.body.data())["user"]?.stringValue == "demo")
            #expect(try JSONValue.parse(reader.body.data())["user"] == .null)
            #expect(adminKey.definition == "admin" && readerKey.definition == "reader")

            let store = sessions.store
            let adminToken = try #require(try store.load(adminKey)?.token)
            let readerToken = try #require(try store.load(readerKey)?.token)
            #expect(adminToken.accessToken != readerToken.accessToken)
            #expect(store.path(for: adminKey).hasSuffix("/oauth@local@admin.json"))
            #expect(try store.load(builder.authSessionKey) == nil)

            // The server forgets the admin's access token: the admin's next request refreshes once (concurrent
            // ones join that refresh); the reader keeps its token and asks the token server nothing.
            let revoke = RequestBody.bytes(
                Data("token=\(adminToken.accessToken)".utf8), contentType: "application/x-www-form-urlencoded")
            _ = try await client.send(PreparedRequest(method: .post, url: server.url("/auth/revoke"), body: revoke))
                .response()
            let before = try await stats()
            try await withThrowingTaskGroup(of: Int.self) { group in
                for _ in 0..<5 { group.addTask { try await send("as.admin").0.statusCode } }
                for try await status in group { #expect(status == 200) }
            }
            let (again, _) = try await send("as.reader")
            #expect(again.statusCode == 200)
            let after = try await stats()
            #expect(after["refreshes"]?.intValue == (before["refreshes"]?.intValue ?? 0) + 1)
            #expect(after["token_requests"]?.intValue == (before["token_requests"]?.intValue ?? 0) + 1)
            #expect(try store.load(adminKey)?.token?.accessToken != adminToken.accessToken)
            #expect(try store.load(readerKey)?.token == readerToken)
            let readerSettings = try Self.settings(builder, "reader")
            let readerStatus = await sessions.refresher(for: readerKey, settings: readerSettings).status()
            #expect(readerStatus.token?.accessToken == readerToken.accessToken && readerStatus.state.name == "valid")
        }
    }

    static func settings(_ builder: RequestBuilder, _ name: String) throws -> OAuth2Settings {
        guard case .oauth2(let settings)? = try builder.auth(definition: name) else {
            throw RequestBuildError(.unknownAuthDefinition(name, known: []))
        }
        return settings
    }
}
