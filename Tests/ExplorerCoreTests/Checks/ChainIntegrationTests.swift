import Foundation
import TestSupport
import Testing

@testable import ExplorerCore

/// A login → list → item chain against the real demo API on loopback: values captured from one response fill
/// the next request, `uses:` sends what is missing first, `expect:` checks run on the real answers.
@Suite("Chains against the demo API")
struct ChainIntegrationTests {
    static func profile(baseURL: String, password: String = "demo-password") throws -> Profile {
        let text = """
            name: Chain demo
            environments: { local: { base_url: "\(baseURL)" } }
            variables: { password: "\(password)" }
            endpoints:
              - id: auth.login
                method: POST
                path: /login
                body: { json: { username: demo, password: "{{password}}" } }
                capture: { token: { json: "$.token" } }
                expect: { status: 200, json: { "$.token_type": { "==": Bearer } } }
              - id: items.list
                path: /items
                query: { per_page: 2 }
                headers: { Authorization: "Bearer {{auth.login.token}}" }
                uses: { auth.login: when_missing }
                capture:
                  first: { json: "$.items[0].id" }
                  next: { header: Link, regex: '<([^>]+)>; rel="next"' }
                expect:
                  status: 2xx
                  headers: { Link: { matches: 'rel="next"' }, X-Total-Count: { present: true } }
                  json: { "$.items": { count: 2 }, "$.total": { ">=": 5 }, "$.items[?@.completed == true]": { exists: true } }
              - id: items.get
                path: /items/{id}
                params: { id: "{{items.list.first}}" }
                headers: { Authorization: "Bearer {{auth.login.token}}" }
                uses: { items.list: when_missing }
                expect: { status: 200, json: { "$.id": { "==": 1 }, "$.title": { type: string } }, max_ms: 5000 }
            """
        return try ProfileLoader.parse(yaml: text, file: "chain.yaml", id: "chain").get()
    }

    static func sender(profile: Profile) -> ChainRunner.Send {
        { endpoint, captured in
            do {
                var builder = try RequestBuilder(profile: profile, processEnvironment: [:])
                builder.captured = captured
                return await Client().send(try builder.request(for: endpoint))
            } catch {
                Issue.record("could not build \(endpoint.id): \(error)")
                return .failure(ClientError(.auth("\(error)")))
            }
        }
    }

    @Test("the item endpoint sends login and list first, then passes every check; values are kept for the next run")
    func chain() async throws {
        try await withDemoServer { server in
            let profile = try Self.profile(baseURL: server.baseURL)
            let directory = try TemporaryDirectory()
            let store = CaptureStore(stateDirectory: directory.path)
            let runner = ChainRunner(profile: profile, environment: "local", store: store)
            var held = runner.heldValues().values
            let steps = try await runner.send(profile.endpoints[2], held: &held, send: Self.sender(profile: profile))
            #expect(steps.map(\.endpointID) == ["auth.login", "items.list", "items.get"])
            #expect(steps.map(\.isPrerequisite) == [true, true, false])
            for step in steps {
                #expect(step.passed, "\(step.endpointID): \(step.checks.filter { !$0.passed })")
                #expect(step.storeWarning == nil)
            }
            #expect(steps[2].checks.count == 4)
            #expect(held["items.list.next"]?.value == "/items?page=2&per_page=2")
            #expect(held["auth.login.token"]?.isSecret == true)

            // A second run finds the values on disk and sends only the item.
            let again = ChainRunner(profile: profile, environment: "local", store: store)
            var reloaded = again.heldValues().values
            #expect(reloaded.keys.sorted() == ["auth.login.token", "items.list.first", "items.list.next"])
            let second = try await again.send(
                profile.endpoints[2], held: &reloaded, send: Self.sender(profile: profile))
            #expect(second.map(\.endpointID) == ["items.get"])
            #expect(second[0].passed)
        }
    }

    @Test("a failed login stops the chain with both endpoints named and the server's status")
    func failedPrerequisite() async throws {
        try await withDemoServer { server in
            let profile = try Self.profile(baseURL: server.baseURL, password: "wrong")
            let runner = ChainRunner(profile: profile, environment: "local", store: nil)
            var held: [String: CapturedValue] = [:]
            do {
                _ = try await runner.send(profile.endpoints[1], held: &held, send: Self.sender(profile: profile))
                Issue.record("the chain went on after a 401")
            } catch {
                #expect("\(error)".hasPrefix("`items.list` needs values from `auth.login`, which was sent first"))
                #expect("\(error)".contains("401"))
            }
            #expect(held.isEmpty)
        }
    }

    @Test("a failing check is reported with the actual value from the server")
    func failingCheck() async throws {
        try await withDemoServer { server in
            var profile = try Self.profile(baseURL: server.baseURL)
            var expectation = ResponseExpectation()
            expectation.json = [.init(query: "$.total", check: .compare("==", 99))]
            profile.endpoints[1].expectation = expectation
            let runner = ChainRunner(profile: profile, environment: "local", store: nil)
            var held: [String: CapturedValue] = [:]
            let steps = try await runner.send(profile.endpoints[1], held: &held, send: Self.sender(profile: profile))
            #expect(steps.last?.passed == false)
            #expect(steps.last?.checks.first?.description == "✗ $.total == 99 (got 5)")
        }
    }
}
