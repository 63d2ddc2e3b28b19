import DemoAPI
import Foundation
import TestSupport
import Testing

@testable import ExplorerCore

/// The real client on libcurl against the demo API on loopback.
@Suite("Client against the demo API")
struct TransportIntegrationTests {
    let client = Client()

    @Test("a GET returns status, reason, headers in order, and a JSON body")
    func simpleGet() async throws {
        try await withDemoServer { server in
            let response = try await client.send(PreparedRequest(url: server.url("/todos/1"))).response()
            #expect(response.statusCode == 200)
            #expect(response.reason == "OK")
            #expect(response.statusClass == .success)
            #expect(MediaType.isJSON(response.contentType))
            let todo = try JSONValue.parse(response.body.data())
            #expect(todo["id"]?.intValue == 1)
            #expect(response.headers.fields.first?.name.isEmpty == false)
        }
    }

    @Test(
        "every status class is a response, not an error",
        arguments: [
            (201, StatusClass.success), (302, .redirect), (404, .clientFailure), (418, .clientFailure),
            (503, .serverFailure),
        ])
    func statusClasses(code: Int, expected: StatusClass) async throws {
        try await withDemoServer { server in
            var request = PreparedRequest(url: server.url("/status/\(code)"))
            request.options.followRedirects = false
            let response = try await client.send(request).response()
            #expect(response.statusCode == code)
            #expect(response.statusClass == expected)
        }
    }

    @Test("typed decoding turns a response into a model")
    func typedDecoding() async throws {
        struct Todo: Decodable {
            let id: Int
            let title: String
            let completed: Bool
        }
        try await withDemoServer { server in
            let response = try await client.send(PreparedRequest(url: server.url("/todos/2"))).response()
            let todo = try response.decode(Todo.self)
            #expect(todo.id == 2)
            #expect(!todo.title.isEmpty)
        }
    }

    @Test("metrics: phases are non-negative and add up; a second request reuses the connection")
    func metricsAndReuse() async throws {
        // A transport of its own: the shared one's connection cache is used by every test running in parallel, and
        // under load another test's connections can push this one out of it before the second request.
        let client = Client(transport: CurlTransport())
        try await withDemoServer { server in
            let first = try await client.send(PreparedRequest(url: server.url("/bytes/65536"))).response()
            let second = try await client.send(PreparedRequest(url: server.url("/bytes/65536"))).response()
            for metrics in [first.metrics, second.metrics] {
                #expect(metrics.phases.allSatisfy { $0.duration >= .zero })
                let sum = metrics.phases.reduce(Duration.zero) { $0 + $1.duration }
                #expect(abs((sum - metrics.total).milliseconds) < 0.01)
                #expect(metrics.startedAt <= metrics.endedAt)
                #expect(metrics.bytesReceived == 65536)
                #expect(metrics.downloadRate > 0)
            }
            #expect(first.metrics.reusedConnection == false)
            #expect(first.metrics.connect > .zero)
            #expect(second.metrics.reusedConnection == true)
            // Clear text: no handshake, shown as `—`, not "0.00 ms"; the reused connection looked up and dialled
            // nothing either.
            #expect(first.metrics.tls == .zero)
            #expect(Metrics.Phase.allCases.filter(first.metrics.skips) == [.tls])
            #expect(Metrics.Phase.allCases.filter(second.metrics.skips) == [.dns, .connect, .tls])
            #expect(first.metrics.figure(.tls, first.metrics.tls) == "—")
            #expect(first.metrics.figure(.connect, first.metrics.connect) != "—")
        }
    }

    @Test("waiting for the server counts as first byte, for uploads as for GETs", arguments: [HTTPMethod.get, .post])
    func firstByteWait(method: HTTPMethod) async throws {
        try await withDemoServer { server in
            let body: RequestBody = method == .post ? .bytes(Data("payload".utf8), contentType: "text/plain") : .none
            let response = try await client.send(
                PreparedRequest(method: method, url: server.url("/delay/0.3"), body: body)
            )
            .response()
            // The server sleeps 0.3 s before answering: that wait belongs to first byte, not to the transfer.
            #expect(response.metrics.firstByte >= .milliseconds(290))
            #expect(response.metrics.firstByte > response.metrics.transfer)
        }
    }

    @Test("a large download spills to a temporary file; progress never goes backwards and ends at the total")
    func largeDownload() async throws {
        let size = 256 * 1024 * 1024
        try await withDemoServer { server in
            let log = ProgressLog()
            let response = try await client.send(
                PreparedRequest(url: server.url("/bytes/\(size)")), progress: log.record
            )
            .response()
            #expect(response.body.count == Int64(size))
            let path = try #require(response.body.filePath)
            #expect(response.body.isSpooled)
            // The spool has no name on disk: its path is the descriptor's /proc link, which stat follows.
            var info = stat()
            #expect(stat(path, &info) == 0 && Int(info.st_size) == size)
            try expectPattern(at: path, offsets: [0, 1, 250, 251, 1 << 20, size - 1])
            let events = log.events
            #expect(events.count >= 2)
            for (a, b) in zip(events, events.dropFirst()) { #expect(b.received >= a.received) }
            let last = try #require(events.last)
            #expect(last.isFinal)
            #expect(last.received == Int64(size))
            #expect(last.receiveTotal == Int64(size))
            #expect(events.dropLast().allSatisfy { !$0.isFinal })
            #expect(events.dropLast().allSatisfy { $0.receiveTotal == nil || $0.receiveTotal == Int64(size) })
        }
    }

    @Test("a download can go straight to a named file")
    func downloadToFile() async throws {
        let directory = try TemporaryDirectory()
        try await withDemoServer { server in
            var request = PreparedRequest(url: server.url("/bytes/3000000"))
            request.options.downloadTo = directory.file("out.bin")
            let response = try await client.send(request).response()
            #expect(response.body.filePath == directory.file("out.bin"))
            #expect(!response.body.isSpooled)
            #expect(
                try FileManager.default.attributesOfItem(atPath: directory.file("out.bin"))[.size] as? Int == 3_000_000)
            try expectPattern(at: directory.file("out.bin"), offsets: [0, 12345, 2_999_999])
        }
    }

    @Test("a 64 MiB multipart upload streams from disk with monotonic progress ending at the total")
    func largeMultipartUpload() async throws {
        let directory = try TemporaryDirectory()
        let file = try directory.writePattern("big.bin", size: 64 * 1024 * 1024)
        try await withDemoServer { server in
            let body = MultipartBody(parts: [
                .init(name: "note", content: .text("hello")),
                .init(name: "file", content: .file(path: file, filename: nil, contentType: nil)),
            ])
            let expected = try body.segments().reduce(Int64(0)) { $0 + $1.count }
            let request = PreparedRequest(method: .post, url: server.url("/upload"), body: .multipart(body))
            let log = ProgressLog()
            let response = try await client.send(request, progress: log.record).response()
            #expect(response.statusCode == 200)
            let answer = try JSONValue.parse(response.body.data())
            #expect(answer["bytes"]?.intValue == Int(expected))
            let events = log.events
            for (a, b) in zip(events, events.dropFirst()) { #expect(b.sent >= a.sent) }
            let last = try #require(events.last)
            #expect(last.isFinal)
            #expect(last.sent == expected)
            #expect(last.sendTotal == expected)
            #expect(response.metrics.bytesSent == expected)
        }
    }

    @Test("cancelling mid-transfer ends promptly with a cancelled outcome")
    func cancellation() async throws {
        try await withDemoServer { server in
            let transfer = client.start(PreparedRequest(url: server.url("/drip?bytes=1000000&duration=30")))
            for await event in transfer.progress where event.received > 0 {
                break
            }
            let clock = ContinuousClock()
            let started = clock.now
            transfer.cancel()
            let result = await transfer.result
            #expect(result.error?.isCancelled == true)
            // A bound against hanging, not a performance assertion (the benchmark measures the latency).
            #expect(clock.now - started < .seconds(5))
        }
    }

    @Test("a cancelled download's final figures keep its total: the bar freezes at the share received (issue 25)")
    func cancelledDownloadKeepsItsTotal() async throws {
        try await withDemoServer { server in
            let transfer = client.start(PreparedRequest(url: server.url("/drip?bytes=400&duration=20")))
            var final: TransferProgress?
            var cancelled = false
            for await event in transfer.progress {
                if event.received > 0, !cancelled {
                    transfer.cancel()
                    cancelled = true
                }
                if event.isFinal {
                    final = event
                    break
                }
            }
            let result = await transfer.result
            #expect(result.error?.isCancelled == true)
            let last = try #require(final)
            #expect(last.receiveTotal == 400)
            #expect(last.received > 0 && last.received < 400)
            let figures = TransferProgress.Figures.ended(
                .download, progress: last, metrics: result.error?.metrics ?? Metrics(), state: .cancelled)
            #expect(figures.percent.map { $0 < 100 } == true)
            #expect(figures.text.contains("/ 400 B"))
            #expect(figures.text.contains("cancelled"))
        }
    }

    @Test("progress events are throttled to about 20 a second during a slow body")
    func progressThrottle() async throws {
        try await withDemoServer { server in
            let log = ProgressLog()
            let clock = ContinuousClock()
            let started = clock.now
            let response = try await client.send(
                PreparedRequest(url: server.url("/drip?bytes=2000&duration=1.5")), progress: log.record
            ).response()
            let elapsed = (clock.now - started).seconds
            #expect(response.body.count == 2000)
            // One event per 50 ms at most, plus the final one.
            #expect(Double(log.events.count) <= elapsed * 20 + 2)
            #expect(log.events.count >= 3)
        }
    }

    @Test("a stalled body hits the stall timeout")
    func stallTimeout() async throws {
        try await withDemoServer { server in
            var request = PreparedRequest(url: server.url("/stall?bytes=1000"))
            request.options.stallTimeout = .seconds(1)
            let error = try #require(await client.send(request).error?.transportError)
            #expect(error.kind == .timeout(.stall))
            #expect(error.exitCode == 28)
        }
    }

    @Test("a connect that never completes hits the connect timeout, not the total one")
    func connectTimeout() async throws {
        let listener = try SaturatedListener()
        var request = PreparedRequest(url: "http://127.0.0.1:\(listener.port)/")
        request.options.connectTimeout = .milliseconds(300)
        request.options.timeout = .seconds(10)
        let error = try #require(await client.send(request).error?.transportError)
        #expect(error.kind == .timeout(.connect))
        #expect(error.exitCode == 28)
        #expect(error.message.hasPrefix("connect timed out"))
        // In apix's words, with the setting that moves the limit; libcurl's own account ("Connection timed out after
        // 301 milliseconds") is not repeated.
        #expect(
            error.message
                == "connect timed out: no connection to 127.0.0.1 port \(listener.port) within 0.3 s (`connect_timeout:`)"
        )
        withExtendedLifetime(listener) {}
    }

    @Test("a slow answer hits the total timeout")
    func totalTimeout() async throws {
        try await withDemoServer { server in
            var request = PreparedRequest(url: server.url("/delay/5"))
            request.options.timeout = .milliseconds(500)
            let error = try #require(await client.send(request).error?.transportError)
            #expect(error.kind == .timeout(.total))
            #expect(error.message.hasPrefix("timed out after "), "\(error.message)")
            #expect(
                error.message.hasSuffix(", the limit `timeout:` (or `--timeout`) sets; no answer had arrived"),
                "\(error.message)")
            #expect(!error.message.contains("milliseconds"), "\(error.message)")
            // No byte came: the half second was spent waiting for the server, not transferring (it read as a
            // 500 ms transfer of nothing).
            #expect(error.metrics.transfer == .zero, "\(error.metrics)")
            #expect(error.metrics.firstByte >= .milliseconds(400), "\(error.metrics)")
        }
    }

    @Test("no response: a refused port and an unknown host say why, with curl's exit codes")
    func noResponse() async throws {
        let port = try closedPort()
        let refused = try #require(await client.send(PreparedRequest(url: "http://127.0.0.1:\(port)/")).error)
        #expect(refused.transportError?.kind == .connectionRefused)
        #expect(refused.exitCode == 7)
        // One sentence, not libcurl's "Failed to connect to 127.0.0.1 port N after 0 ms: Couldn't connect to server".
        #expect(refused.transportError?.message == "connection refused: nothing listens on 127.0.0.1 port \(port)")
        let ipv6 = try #require(await client.send(PreparedRequest(url: "http://[::1]:\(port)/")).error)
        // Refused, or (where the machine has no IPv6 loopback) failed: either way the address without brackets.
        #expect(ipv6.transportError?.message.contains(" ::1 port \(port)") == true, "\(ipv6)")
        var proxied = PreparedRequest(url: "http://example.invalid/")
        proxied.options.proxy = "http://127.0.0.1:\(port)"
        let proxy = try #require(await client.send(proxied).error)
        #expect(proxy.exitCode == 7)
        #expect(proxy.transportError?.message == "connection refused by the proxy http://127.0.0.1:\(port)")
        let unknown = try #require(await client.send(PreparedRequest(url: "http://no-such-host.invalid/")).error)
        #expect(unknown.transportError?.kind == .hostNotFound)
        #expect(unknown.exitCode == 6)
        #expect(unknown.transportError?.message == "host not found: no-such-host.invalid")
    }

    @Test("gzip responses are decoded when asked for, with progress counted on the wire")
    func gzip() async throws {
        try await withDemoServer { server in
            var uncompressed = PreparedRequest(url: server.url("/gzip"))
            uncompressed.options.compressed = false  // apix asks for compression by default
            let plain = try await client.send(uncompressed).response()
            #expect(plain.headers["Content-Encoding"] == nil)
            let log = ProgressLog()
            let request = PreparedRequest(url: server.url("/gzip"), headers: ["Accept-Encoding": "gzip"])
            let zipped = try await client.send(request, progress: log.record).response()
            #expect(zipped.headers["Content-Encoding"] == "gzip")
            #expect(try zipped.body.data() == plain.body.data())
            let wire = try #require(Int64(zipped.headers["Content-Length"] ?? ""))
            #expect(wire < plain.body.count)
            #expect(log.events.last?.received == wire)
            #expect(log.events.last?.receiveTotal == wire)
        }
    }

    // MARK: - Helpers

    /// A port nothing listens on: bind, read the port, close.
    func closedPort() throws -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) }
        }
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    /// Checks the demo pattern (`offset % 251`) at a few offsets of a file.
    func expectPattern(at path: String, offsets: [Int]) throws {
        let handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: path))
        defer { try? handle.close() }
        for offset in offsets {
            try handle.seek(toOffset: UInt64(offset))
            let byte = try #require(try handle.read(upToCount: 1)?.first)
            #expect(byte == UInt8(offset % 251), "byte at \(offset)")
        }
    }
}
