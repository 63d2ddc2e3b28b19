import Foundation
import TestSupport
import Testing

@testable import ExplorerCore

@Suite("Redirects against the demo API")
struct RedirectIntegrationTests {
    let client = Client()

    @Test("a chain is followed to the end, counted, and timed")
    func follow() async throws {
        try await withDemoServer { server in
            let response = try await client.send(PreparedRequest(url: server.url("/redirect/3"))).response()
            #expect(response.statusCode == 200)
            #expect(response.url.hasSuffix("/echo"))
            #expect(response.metrics.redirects == 3)
            #expect(response.metrics.redirectTime > .zero)
            #expect(response.metrics.total >= response.metrics.redirectTime)
        }
    }

    @Test("the limit stops a longer chain")
    func limit() async throws {
        try await withDemoServer { server in
            var request = PreparedRequest(url: server.url("/redirect/5"))
            request.options.maxRedirects = 2
            let error = try #require(await client.send(request).error?.transportError)
            #expect(error.kind == .tooManyRedirects)
            #expect(error.exitCode == 47)
        }
    }

    @Test("with following off, the redirect itself is the response")
    func noFollow() async throws {
        try await withDemoServer { server in
            var request = PreparedRequest(url: server.url("/redirect/2"))
            request.options.followRedirects = false
            let response = try await client.send(request).response()
            #expect(response.statusCode == 302)
            #expect(response.headers["Location"]?.contains("/redirect/1") == true)
            #expect(response.metrics.redirects == 0)
        }
    }

    @Test("Authorization and Cookie reach the same host but not another host name")
    func crossHostCredentials() async throws {
        try await withDemoServer { server in
            let headers: HTTPHeaders = ["Authorization": "Bearer secret", "Cookie": "session=1", "X-Keep": "yes"]
            let sameHost = try await client.send(
                PreparedRequest(url: server.url("/redirect/1"), headers: headers)
            ).response().echo()
            #expect(sameHost["headers"]?.header("Authorization") == "Bearer secret")
            #expect(sameHost["headers"]?.header("Cookie") == "session=1")

            let response = try await client.send(
                PreparedRequest(url: server.url("/redirect/cross-host"), headers: headers)
            ).response()
            #expect(response.url.contains("localhost:\(server.port)"))
            let echoed = try response.echo()
            #expect(echoed["headers"]?.header("Authorization") == nil)
            #expect(echoed["headers"]?.header("Cookie") == nil)
            #expect(echoed["headers"]?.header("X-Keep") == "yes")
        }
    }

    @Test("an API key in a custom header reaches the same host but not another host name")
    func crossHostAPIKey() async throws {
        try await withDemoServer { server in
            let interceptor = AuthInterceptor(.fixed(CredentialPlacement(.header("X-API-Key"), "key-secret")))
            let options = SendOptions(interceptor: interceptor)
            let sameHost = try await client.send(PreparedRequest(url: server.url("/redirect/1")), options: options)
                .response().echo()
            #expect(sameHost["headers"]?.header("X-API-Key") == "key-secret")

            let response = try await client.send(
                PreparedRequest(url: server.url("/redirect/cross-host"), headers: ["X-Keep": "yes"]), options: options
            ).response()
            #expect(response.url.contains("localhost:\(server.port)"))
            let echoed = try response.echo()
            #expect(echoed["headers"]?.header("X-API-Key") == nil)
            #expect(echoed["headers"]?.header("X-Keep") == "yes")
        }
    }

    @Test("303 turns a POST into a GET without its body; 307 resends both")
    func methodRewrite() async throws {
        try await withDemoServer { server in
            let body = RequestBody.bytes(Data("payload".utf8), contentType: "text/plain")
            let see = try await client.send(
                PreparedRequest(method: .post, url: server.url("/redirect/1?status=303"), body: body)
            ).response().echo()
            #expect(see["method"]?.stringValue == "GET")
            #expect(see["body_bytes"]?.intValue == 0)
            let temporary = try await client.send(
                PreparedRequest(method: .post, url: server.url("/redirect/1?status=307"), body: body)
            ).response().echo()
            #expect(temporary["method"]?.stringValue == "POST")
            #expect(temporary["body"]?.stringValue == "payload")
        }
    }
}
