import Testing

@testable import ExplorerCore

/// `apix import curl`'s decisions: the endpoint's id and name, the new profile's origin.
@Suite("curl import")
struct CurlImportTests {
    @Test("id and name come from the method and path; a taken id gets -2, -3 and its name (2), (3)")
    func derivedNames() throws {
        let command = try CurlCommandLine.parse(pasted: "-X POST http://h:8080/v1/users/7?x=1 -d a=1")
        let first = try command.importedEndpoint(id: nil, baseURL: "http://h:8080", taken: [])
        #expect(first.id == "post.v1.users.7")
        #expect(first.name == "POST /v1/users/7")
        let second = try command.importedEndpoint(id: nil, baseURL: nil, taken: ["post.v1.users.7"])
        #expect(second.id == "post.v1.users.7-2")
        #expect(second.name == "POST /v1/users/7 (2)")
        let root = try CurlCommandLine.parse(pasted: "curl http://h/").importedEndpoint(
            id: nil, baseURL: nil, taken: [])
        #expect(root.id == "get")
        #expect(root.name == "GET /")
    }

    @Test("a derived id is one to type in a shell: spaces, punctuation, escapes and non-ASCII become -, case folds")
    func derivedIDTypes() throws {
        let command = try CurlCommandLine.parse(pasted: "curl 'http://h/anything/a%20b/C:d/%E2%9C%93/x%1B%5B2J/%2541'")
        let endpoint = try command.importedEndpoint(id: nil, baseURL: nil, taken: [])
        // Each segment decoded once (`%2541` is `%41`, not `A`); `✓` alone leaves nothing, so no word.
        #expect(endpoint.id == "get.anything.a-b.c-d.x-2j.41")
        // The name shows the path as written, decoded.
        #expect(endpoint.name == "GET /anything/a b/C:d/✓/x\u{1B}[2J/%41")
    }

    @Test("a URL outside the profile's base URL gets auth: none, so the profile's credentials stay with its origin")
    func otherOriginHasNoProfileAuth() throws {
        let elsewhere = try CurlCommandLine.parse(pasted: "curl https://other.example/v1/me")
        #expect(try elsewhere.importedEndpoint(id: nil, baseURL: "http://h:8080", taken: []).authDisabled)
        let inside = try CurlCommandLine.parse(pasted: "curl http://h:8080/v1/me")
        #expect(try !inside.importedEndpoint(id: nil, baseURL: "http://h:8080", taken: []).authDisabled)
        #expect(try !elsewhere.importedEndpoint(id: nil, baseURL: nil, taken: []).authDisabled)
    }

    @Test("a given id is kept (its name too unless one is given) and may not be taken")
    func givenID() throws {
        let command = try CurlCommandLine.parse(pasted: "curl http://h/a")
        let named = try command.importedEndpoint(id: "a", name: "The A", folder: "F", baseURL: nil, taken: [])
        #expect(named.id == "a")
        #expect(named.name == "The A")
        #expect(named.folder == "F")
        #expect(try command.importedEndpoint(id: "a", baseURL: nil, taken: []).name == "a")
        #expect(throws: InteropError.self) { try command.importedEndpoint(id: "a", baseURL: nil, taken: ["a"]) }
    }

    @Test("a new profile gets one environment, default, for the URL's origin")
    func newProfile() throws {
        let command = try CurlCommandLine.parse(pasted: "curl https://api.example.com:8443/v1/ping")
        #expect(try command.origin() == "https://api.example.com:8443")
        let endpoint = try command.importedEndpoint(id: nil, baseURL: try command.origin(), taken: [])
        let profile = try command.newProfile(id: "made", file: "/p/made.yaml", endpoint: endpoint)
        #expect(profile.defaultEnvironment == "default")
        #expect(profile.environments.first?.baseURL.raw == "https://api.example.com:8443")
        #expect(profile.endpoints.first?.path.raw == "/v1/ping")
    }

    @Test(
        "an explicit Authorization header wins over -u and --oauth2-bearer in either order, as curl sends it",
        arguments: [
            "-u alice:pw -H 'Authorization: Bearer tok'", "-H 'Authorization: Bearer tok' -u alice:pw",
            "--oauth2-bearer other -H 'authorization: Bearer tok'",
        ])
    func explicitAuthorizationWins(options: String) throws {
        let command = try CurlCommandLine.parse(pasted: "curl \(options) https://h/v1/me")
        #expect(command.headers.values(for: "Authorization") == ["Bearer tok"])
    }

    @Test("-u alone is Basic; -H 'Authorization:' (empty) sends none, -u or not")
    func basicAlone() throws {
        let basic = try CurlCommandLine.parse(pasted: "curl -u alice:pw https://h/")
        #expect(basic.headers.values(for: "Authorization") == ["Basic YWxpY2U6cHc="])
        let none = try CurlCommandLine.parse(pasted: "curl -u alice:pw -H 'Authorization:' https://h/")
        #expect(none.headers.values(for: "Authorization") == [])
    }
}
