import Foundation
import TestSupport
import Testing

@testable import ExplorerCore

/// What is kept of a body for display is bounded (`BodyLimit`, `max_body:`), and the temporary spool has no name
/// on disk.
@Suite("Body limit and spool")
struct BodyLimitTests {
    @Test(
        "sizes read as bytes, decimal or binary units; anything else is not a size",
        arguments: [
            ("1048576", Int64(1_048_576)), ("0", 0), ("500MB", 500_000_000), ("1GiB", 1 << 30), ("64k", 64_000),
            ("2 MiB", 2 << 20), ("1.5GB", 1_500_000_000), ("10b", 10),
        ])
    func parse(_ text: String, _ bytes: Int64) {
        #expect(BodyLimit.parse(text) == bytes)
    }

    @Test("a size with an unknown unit, a sign or no number is refused", arguments: ["lots", "-1", "1 XB", "", "MB"])
    func notASize(_ text: String) {
        #expect(BodyLimit.parse(text) == nil)
    }

    @Test("the default keeps 1 GiB; max_body in a profile and the user's override set it, 0 lifts it")
    func settings() throws {
        #expect(TransferOptions().maxBody == 1 << 30)
        let directory = try TemporaryDirectory()
        let file = try directory.write(
            "p.yaml",
            """
            environments: { local: { base_url: "http://127.0.0.1:1" } }
            max_body: 500MB
            endpoints:
              - { id: plain, path: / }
              - { id: small, path: /s, max_body: 64KiB }
              - { id: open, path: /o, max_body: 0 }
            """)
        let builder = try RequestBuilder(profile: try ProfileLoader.load(file: file).get())
        #expect(try builder.request(endpoint: "plain").options.maxBody == 500_000_000)
        #expect(try builder.request(endpoint: "small").options.maxBody == 65536)
        #expect(try builder.request(endpoint: "open").options.maxBody == nil)
        var overrides = RequestOverrides()
        overrides.maxBody = 0
        #expect(try builder.request(endpoint: "small", overrides: overrides).options.maxBody == nil)
    }

    @Test("a max_body that is not a size is a located profile error")
    func badKey() throws {
        let directory = try TemporaryDirectory()
        let file = try directory.write(
            "p.yaml",
            """
            environments: { local: { base_url: "http://127.0.0.1:1" } }
            endpoints:
              - { id: plain, path: /, max_body: lots }
            """)
        guard case .failure(let failure) = ProfileLoader.load(file: file) else {
            Issue.record("loaded")
            return
        }
        #expect("\(failure)".contains("`max_body` must be a size such as 1048576, 500MB or 1GiB"), "\(failure)")
    }

    @Test("past the limit a write fails with the one-line reason; decoded bodies say so")
    func sinkStops() {
        let sink = DownloadSink(destination: nil, memoryLimit: 16, maxBody: 32)
        #expect(sink.prepare(expectedLength: nil, headers: [:], decoded: true))
        let block = [UInt8](repeating: 1, count: 20)
        #expect(block.withUnsafeBytes { sink.write($0) })
        #expect(!block.withUnsafeBytes { sink.write($0) })
        #expect(sink.limitExceeded)
        #expect(sink.failure == "decoded body exceeds 32 B (the limit: --max-body, max_body:)")
        let announced = DownloadSink(destination: nil, memoryLimit: 16, maxBody: 32)
        #expect(!announced.prepare(expectedLength: 33), "a Content-Length over the limit stops before any byte")
        #expect(announced.failure == "body exceeds 32 B (the limit: --max-body, max_body:)")
    }

    @Test("the spool file is unlinked at once and read back through its descriptor")
    func spoolHasNoName() throws {
        let sink = DownloadSink(destination: nil, memoryLimit: 4, maxBody: nil)
        let bytes = Array("spooled body".utf8)
        #expect(bytes.withUnsafeBytes { sink.write($0) })
        let body = try #require(sink.finish())
        let path = try #require(body.filePath)
        #expect(path.hasPrefix("/proc/self/fd/"))
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: path).hasSuffix(" (deleted)"))
        #expect(try body.data() == Data(bytes))
        var chunks: [Data] = []
        try body.forEachChunk(ofSize: 5) { chunks.append($0) }
        #expect(chunks.map(\.count) == [5, 5, 2])
    }

    @Test("past the limit with an overflow descriptor, what was kept and the rest go there in order")
    func sinkOverflows() throws {
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        defer { close(ends[0]) }
        let sink = DownloadSink(destination: nil, memoryLimit: 8, maxBody: 16, overflow: ends[1])
        #expect(sink.prepare(expectedLength: nil))
        let pieces = ["0123456789", "abcdefghij", "KLMNOPQRST"].map { Array($0.utf8) }
        for piece in pieces { #expect(piece.withUnsafeBytes { sink.write($0) }) }
        let body = try #require(sink.finish())
        close(ends[1])
        #expect(body.wasStreamed && body.count == 30)
        #expect(try body.data().isEmpty)
        let received = FileHandle(fileDescriptor: ends[0]).readDataToEndOfFile()
        #expect(received == Data(pieces.joined()))
    }
}
