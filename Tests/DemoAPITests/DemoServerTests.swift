import DemoAPI
import Foundation
import TestSupport
import Testing

@Suite("Demo server lifecycle")
struct DemoServerTests {
    @Test("starts on a free loopback port and reports its base URL")
    func startsOnFreePort() async throws {
        try await withDemoServer { server in
            #expect(server.port > 0)
            #expect(server.host == "127.0.0.1")
            #expect(server.baseURL == "http://127.0.0.1:\(server.port)")
            let reply = try await server.send("/")
            #expect(reply.status == 200)
            #expect(reply.header("Content-Type") == "application/json")
        }
    }

    @Test("each server instance has its own data")
    func separateStores() async throws {
        try await withDemoServer { first in
            try await withDemoServer { second in
                let created = try await first.send("POST", "/todos", json: #"{"title":"only on the first"}"#)
                #expect(created.status == 201)
                let id = try #require(try created.object()["id"] as? Int)
                #expect(try await first.send("/todos/\(id)").status == 200)
                #expect(try await second.send("/todos/\(id)").status == 404)
            }
        }
    }

    @Test("shutdown is idempotent and closes the listening socket")
    func shutdownIdempotent() async throws {
        let server = try await DemoServer().start()
        #expect(try await server.send("/todos").status == 200)
        async let firstShutdown: Void = server.shutdown()
        async let secondShutdown: Void = server.shutdown()
        _ = await (firstShutdown, secondShutdown)
        await server.shutdown()
        await #expect(throws: RawHTTPClient.Failure.self) {
            try await server.send("/todos")
        }
    }

    @Test("a stalled response does not block shutdown")
    func stallDoesNotBlockShutdown() async throws {
        let server = try await DemoServer().start()
        let connection = try RawConnection(port: server.port)
        defer { connection.close() }
        try connection.sendRequest(method: "GET", path: "/stall?bytes=3000", headers: [], body: [], host: "x")
        // Wait for the head and the 3000 bytes the server is willing to send.
        let head = try await RawHTTPClient.onThread { try connection.read(atLeast: 3000) }
        #expect(String(decoding: head, as: UTF8.self).contains("Content-Length: 4000"))

        let clock = ContinuousClock()
        let elapsed = await clock.measure { await server.shutdown() }
        // A bound against hanging, not a timing assertion: shutdown must not wait for the stalled body forever.
        #expect(elapsed < .seconds(30))
        let received = try await head + RawHTTPClient.onThread { try connection.readToEnd() }
        let headLength = try #require(String(decoding: received, as: UTF8.self).range(of: "\r\n\r\n")).upperBound
        let bodyCount = received.count - String(decoding: received, as: UTF8.self)[..<headLength].utf8.count
        #expect(bodyCount == 3000, "the connection closes with the promised body incomplete")
    }

    @Test("a stalled response ends when the client disconnects")
    func stallEndsOnDisconnect() async throws {
        try await withDemoServer { server in
            let connection = try RawConnection(port: server.port)
            try connection.sendRequest(method: "GET", path: "/stall?bytes=10", headers: [], body: [], host: "x")
            _ = try await RawHTTPClient.onThread { try connection.read(atLeast: 10) }
            connection.close()
            // The server is still healthy and serves the next client.
            #expect(try await server.send("/todos").status == 200)
        }
    }

    @Test("refuses to listen on a non-loopback address")
    func refusesNonLoopback() async throws {
        await #expect(throws: DemoServerError.nonLoopbackHost("0.0.0.0")) {
            _ = try await DemoServer(configuration: .init(host: "0.0.0.0")).start()
        }
    }

    @Test("a port already in use is reported as an error")
    func portInUse() async throws {
        try await withDemoServer { server in
            await #expect(throws: (any Error).self) {
                _ = try await DemoServer(configuration: .init(port: server.port)).start()
            }
            let stillServing = try await server.send("/todos")
            #expect(stillServing.status == 200)
        }
    }

    @Test("run() serves until its task is cancelled")
    func runUntilCancelled() async throws {
        // The port was free a moment ago, but a concurrent test may take it first: then try another one.
        for _ in 0..<5 {
            let port = try await Self.freePort()
            let serving = Task { try await DemoServer(configuration: .init(port: port)).run() }
            var status: Int?
            for _ in 0..<100 where status == nil {
                status = try? await RawHTTPClient.send(port: port, path: "/todos").status
                if status == nil { try await Task.sleep(for: .milliseconds(20)) }
            }
            guard status == 200 else {
                serving.cancel()
                _ = try? await serving.value
                continue
            }
            serving.cancel()
            try await serving.value
            await #expect(throws: RawHTTPClient.Failure.self) {
                try await RawHTTPClient.send(port: port, path: "/todos")
            }
            return
        }
        Issue.record("run() never served on a free port in five attempts")
    }

    /// A port that was free a moment ago (taken from a server that is then stopped).
    private static func freePort() async throws -> Int {
        let server = try await DemoServer().start()
        await server.shutdown()
        return server.port
    }

    @Test("writes its log to the configured file")
    func logsToFile() async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("demo-\(UUID().uuidString).log").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try await withDemoServer(.init(logFile: path)) { server in
            _ = try await server.send("/todos?marker=log-check")
        }
        let log = try String(contentsOfFile: path, encoding: .utf8)
        #expect(log.contains("/todos"))
    }

    @Test("its log file is readable by its owner only, also one left open to others by an earlier run")
    func logFileIsPrivate() async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("demo-\(UUID().uuidString).log").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        func mode() throws -> Int {
            (try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int) ?? -1
        }
        try await withDemoServer(.init(logFile: path)) { server in
            _ = try await server.send("/todos")
        }
        #expect(try mode() == 0o600)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: path)
        try await withDemoServer(.init(logFile: path)) { server in
            _ = try await server.send("/todos")
        }
        #expect(try mode() == 0o600)
    }
}
