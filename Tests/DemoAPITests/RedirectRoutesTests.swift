import DemoAPI
import TestSupport
import Testing

@Suite("Redirects")
struct RedirectRoutesTests {
    @Test("/redirect/{n} counts down to /echo, carrying the status")
    func chain() async throws {
        try await withDemoServer { server in
            let first = try await server.send("POST", "/redirect/3?status=307")
            #expect(first.status == 307)
            #expect(first.header("Location") == "/redirect/2?status=307")
            let last = try await server.send("/redirect/1")
            #expect(last.status == 302)
            #expect(last.header("Location") == "/echo")
            #expect(try await server.send("/redirect/0").status == 400)
            #expect(try await server.send("/redirect/2?status=200").status == 400)
        }
    }

    @Test("/redirect/cross-host switches between 127.0.0.1 and localhost on the same port")
    func crossHost() async throws {
        try await withDemoServer { server in
            let fromIP = try await server.send("/redirect/cross-host", host: "127.0.0.1:\(server.port)")
            #expect(fromIP.status == 302)
            #expect(fromIP.header("Location") == "http://localhost:\(server.port)/echo")
            let fromName = try await server.send(
                "PUT",
                "/redirect/cross-host?status=308",
                host: "localhost:\(server.port)"
            )
            #expect(fromName.status == 308)
            #expect(fromName.header("Location") == "http://127.0.0.1:\(server.port)/echo")
        }
    }

    @Test("/redirect-to redirects anywhere with the requested status")
    func redirectTo() async throws {
        try await withDemoServer { server in
            let reply = try await server.send("/redirect-to?url=http%3A%2F%2Fexample.test%2Fa%3Fb%3D1&status=303")
            #expect(reply.status == 303)
            #expect(reply.header("Location") == "http://example.test/a?b=1")
            #expect(try await server.send("/redirect-to").status == 400)
        }
    }
}
