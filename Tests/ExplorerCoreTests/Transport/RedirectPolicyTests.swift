import Foundation
import Testing

@testable import ExplorerCore

@Suite("Redirect rules")
struct RedirectPolicyTests {
    func response(_ status: Int, location: String?) -> Response {
        var headers = HTTPHeaders()
        if let location { headers.add("Location", location) }
        return Response(
            method: .get, url: "", statusCode: status, reason: "", headers: headers, body: .empty, metrics: Metrics())
    }

    func request(_ method: HTTPMethod = .post, url: String = "http://127.0.0.1:8080/a/b") -> PreparedRequest {
        PreparedRequest(
            method: method, url: url,
            headers: [
                "Authorization": "Bearer t", "Cookie": "s=1", "Content-Type": "application/json", "X-Other": "1",
            ],
            body: .bytes(Data("{}".utf8), contentType: "application/json"))
    }

    @Test(
        "303 turns POST into a bodiless GET; 307 and 308 keep method and body",
        arguments: [
            (303, HTTPMethod.post, HTTPMethod.get, false),
            (303, HTTPMethod.put, HTTPMethod.get, false),
            (303, HTTPMethod.head, HTTPMethod.head, false),
            (302, HTTPMethod.post, HTTPMethod.get, false),
            (301, HTTPMethod.post, HTTPMethod.get, false),
            (302, HTTPMethod.put, HTTPMethod.put, true),
            (307, HTTPMethod.post, HTTPMethod.post, true),
            (308, HTTPMethod.patch, HTTPMethod.patch, true),
        ])
    func methodRewrite(status: Int, method: HTTPMethod, expected: HTTPMethod, keepsBody: Bool) throws {
        var policy = RedirectPolicy(maxRedirects: 5)
        let next = try #require(try policy.nextRequest(after: response(status, location: "/c"), for: request(method)))
        #expect(next.method == expected)
        #expect(next.body.isEmpty == !keepsBody)
        #expect(next.headers.contains("Content-Type") == keepsBody)
        #expect(next.url == "http://127.0.0.1:8080/c")
    }

    @Test("relative locations resolve against the current URL")
    func relative() throws {
        var policy = RedirectPolicy(maxRedirects: 5)
        let next = try #require(try policy.nextRequest(after: response(302, location: "d?x=1"), for: request(.get)))
        #expect(next.url == "http://127.0.0.1:8080/a/d?x=1")
    }

    @Test(
        "credentials are dropped on a hop to another host, port or scheme, kept on the same origin",
        arguments: [
            ("http://localhost:8080/echo", false),
            ("http://127.0.0.1:9090/echo", false),
            ("https://127.0.0.1:8080/echo", false),
            ("http://127.0.0.1:8080/echo", true),
            ("/echo", true),
        ])
    func credentials(location: String, kept: Bool) throws {
        var policy = RedirectPolicy(maxRedirects: 5)
        // The body may go along here (`redirect_body: any_origin`): this is about the credentials.
        var sent = request()
        sent.options.redirectBody = .anyOrigin
        let next = try #require(try policy.nextRequest(after: response(307, location: location), for: sent))
        #expect(next.headers.contains("Authorization") == kept)
        #expect(next.headers.contains("Cookie") == kept)
        #expect(next.headers["X-Other"] == "1")
    }

    @Test(
        "declared credential headers and query items are dropped cross-origin, kept on the same origin",
        arguments: [
            ("http://localhost:8080/echo?api_key=k&page=2", false),
            ("/echo?api_key=k&page=2", true),
        ])
    func declaredCredentials(location: String, kept: Bool) throws {
        var policy = RedirectPolicy(maxRedirects: 5)
        var credentialed = request(.get)
        credentialed.headers.set("X-API-Key", "k")
        credentialed.credentialNames = CredentialNames(headers: ["x-api-key"], queryItems: ["api_key"])
        credentialed.options.redirectBody = .anyOrigin
        let next = try #require(try policy.nextRequest(after: response(302, location: location), for: credentialed))
        #expect(next.headers.contains("X-API-Key") == kept)
        #expect(next.url.contains("api_key=k") == kept)
        #expect(next.url.hasSuffix("page=2"))
        #expect(next.headers["X-Other"] == "1")
    }

    @Test("the limit stops the chain with tooManyRedirects")
    func limit() throws {
        var policy = RedirectPolicy(maxRedirects: 2)
        _ = try policy.nextRequest(after: response(302, location: "/1"), for: request(.get))
        _ = try policy.nextRequest(after: response(302, location: "/2"), for: request(.get))
        let error = #expect(throws: TransportError.self) {
            try policy.nextRequest(after: response(302, location: "/3"), for: request(.get))
        }
        #expect(
            error?.message
                == "more than 2 redirects, the limit `max_redirects:` (or `--max-redirects`) sets; the last went to /3")
    }

    @Test("not following, no Location, or a non-redirect status ends the chain")
    func final() throws {
        var policy = RedirectPolicy(maxRedirects: 2)
        var noFollow = request(.get)
        noFollow.options.followRedirects = false
        #expect(try policy.nextRequest(after: response(302, location: "/x"), for: noFollow) == nil)
        #expect(try policy.nextRequest(after: response(302, location: nil), for: request(.get)) == nil)
        #expect(try policy.nextRequest(after: response(304, location: "/x"), for: request(.get)) == nil)
        #expect(try policy.nextRequest(after: response(200, location: "/x"), for: request(.get)) == nil)
    }

    @Test("a Location with a non-HTTP scheme is refused")
    func badScheme() {
        var policy = RedirectPolicy(maxRedirects: 2)
        #expect(throws: TransportError.self) {
            try policy.nextRequest(after: response(302, location: "file:///etc/passwd"), for: request(.get))
        }
    }

    @Test(
        "a body goes to another origin only with redirect_body: any_origin; the same origin and dropped bodies pass",
        arguments: [
            (307, "http://localhost:8080/c", RedirectBody.sameOrigin, false),
            (308, "https://127.0.0.1:8080/c", RedirectBody.sameOrigin, false),
            (307, "http://localhost:8080/c", RedirectBody.anyOrigin, true),
            (307, "/c", RedirectBody.sameOrigin, true),
            (303, "http://localhost:8080/c", RedirectBody.sameOrigin, true),
            (302, "http://localhost:8080/c", RedirectBody.sameOrigin, true),
        ])
    func bodyAcrossOrigins(status: Int, location: String, rule: RedirectBody, follows: Bool) throws {
        var policy = RedirectPolicy(maxRedirects: 5)
        var sent = request(.post)
        sent.options.redirectBody = rule
        do {
            let next = try policy.nextRequest(after: response(status, location: location), for: sent)
            #expect(follows)
            #expect(next != nil)
        } catch {
            #expect(!follows)
            #expect(error.kind == .invalidRequest)
            #expect(error.message.contains("\(status) redirect to"))
        }
    }
}
