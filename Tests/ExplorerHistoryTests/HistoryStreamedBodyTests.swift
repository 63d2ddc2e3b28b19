import Foundation
import TestSupport
import Testing

@testable import ExplorerCore
@testable import ExplorerHistory

/// A large body the explorer records stays in its file: it is scrubbed and compressed into the history a piece at a
/// time, and comes back the same as the whole-body path would have kept it.
@Suite("History: large bodies recorded from their file")
struct HistoryStreamedBodyTests {
    static let secrets = HistorySecrets(["s3cr3t-token-value", "s3cr3t", "abcd-efgh"])

    /// Deterministic pieces of `data`, cut at sizes from `seed`.
    static func pieces(_ data: Data, seed: UInt64) -> [Data] {
        var state = seed
        var cuts: [Data] = []
        var start = data.startIndex
        while start < data.endIndex {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let size = Int(state >> 59) + 1  // 1...32 bytes
            let end = min(start + size, data.endIndex)
            cuts.append(data[start..<end])
            start = end
        }
        return cuts
    }

    @Test("scrubbing in pieces gives what scrubbing the whole gives, wherever the pieces are cut")
    func piecesMatchWhole() {
        let text = "x s3cr3t-token-value y s3cr3t z abcd-efghabcd-efgh s3cr3s3cr3t-token-valu s3cr3t-token-value"
        let data = Data(String(repeating: text, count: 20).utf8)
        let whole = Self.secrets.scrub(data)
        #expect(!whole.isEmpty && whole.range(of: Data("s3cr3t".utf8)) == nil)
        for seed: UInt64 in 1...40 {
            var stream = HistorySecretsStream(Self.secrets)
            var out = Data()
            for piece in Self.pieces(data, seed: seed) { out.append(stream.feed(piece)) }
            out.append(stream.finish())
            #expect(out == whole, "seed \(seed)")
        }
    }

    @Test("gzip written in pieces reads back whole")
    func gzipInPieces() throws {
        let data = Data((0..<200_000).map { UInt8(truncatingIfNeeded: $0 &* 31 ^ ($0 >> 7)) })
        var output = Data()
        let writer = try #require(
            GzipWriter { bytes in
                output.append(contentsOf: bytes)
                return true
            })
        for piece in Self.pieces(data, seed: 7) { #expect(writer.write(piece)) }
        #expect(writer.finish())
        #expect(HistoryCompression.decompress(output, limit: 1 << 20) == data)
    }

    /// A 3 MiB body in a file, with a secret straddling each 1 MiB boundary and others inside, and the entry that
    /// records it from its file.
    static func spooledEntry(in scratch: TemporaryDirectory) throws -> (entry: HistoryEntry, bytes: Data, secret: Data)
    {
        var bytes = Data(repeating: UInt8(ascii: "."), count: 3 << 20)
        let secret = Data("s3cr3t-token-value".utf8)
        for boundary in [1 << 20, 2 << 20, 12_345] {
            bytes.replaceSubrange((boundary - 7)..<(boundary - 7 + secret.count), with: secret)
        }
        let path = scratch.path + "/body.json"
        try bytes.write(to: URL(fileURLWithPath: path))
        let response = Response(
            method: .get, url: "http://127.0.0.1:1/big", statusCode: 200, reason: "OK", httpVersion: "HTTP/1.1",
            headers: ["Content-Type": "application/json"], body: ResponseBody(file: path, size: Int64(bytes.count)),
            metrics: Metrics())
        let entry = HistoryRecording.entry(
            origin: .explorer, profile: "p", environment: "local", endpoint: "big",
            shown: PreparedRequest(url: "http://127.0.0.1:1/big"), result: .success(response), secrets: Self.secrets,
            streamsFileBodies: true)
        return (entry, bytes, secret)
    }

    @Test("handed over, a spooled body goes beside its pending entry scrubbed, and is kept from there")
    func pendingSpooledBody() throws {
        let scratch = try TemporaryDirectory()
        let (entry, bytes, secret) = try Self.spooledEntry(in: scratch)
        let path = try HistoryPending.write(entry, in: scratch.path)
        let bodyPath = HistoryPending.bodyPath(of: path)
        // The entry file is the record alone; its body, scrubbed, is the file beside it.
        let entryFile = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(entryFile.count < 4_096)
        let handed = try Data(contentsOf: URL(fileURLWithPath: bodyPath))
        #expect(handed == Self.secrets.scrub(bytes))
        #expect(handed.range(of: secret) == nil)
        // The body file counts toward the bytes that start a writer, however few the entries.
        #expect(HistoryPending.writerDue(in: scratch.path, bytes: 3 << 20))
        #expect(!HistoryPending.writerDue(in: scratch.path, bytes: 4 << 20))
        // A body beside a waiting entry is no leftover, however old; one whose entry is gone is.
        let old = Date().addingTimeInterval(-120)
        try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: bodyPath)
        #expect(HistoryPending.files(in: scratch.path).leftovers.isEmpty)
        let stray = scratch.path + "/history-pending/zzzzzzzz.body"
        try Data("x".utf8).write(to: URL(fileURLWithPath: stray))
        try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: stray)
        #expect(HistoryPending.files(in: scratch.path).leftovers == [stray])

        let store = try HistoryStore(directory: scratch.path)
        #expect(!FileManager.default.fileExists(atPath: path))
        #expect(!FileManager.default.fileExists(atPath: bodyPath))
        #expect(!FileManager.default.fileExists(atPath: stray))
        let recorded = try #require(try store.entry(id: entry.id))
        #expect(recorded.bodyState == .file)
        #expect(recorded.body == Self.secrets.scrub(bytes))
    }

    @Test("a 3 MiB spooled body is kept in its gzip file, scrubbed across the reader's 1 MiB pieces")
    func spooledBody() throws {
        let scratch = try TemporaryDirectory()
        let (entry, bytes, secret) = try Self.spooledEntry(in: scratch)
        #expect(entry.body == nil)
        let store = try HistoryStore(directory: scratch.path)
        let recorded = try store.record(entry)
        #expect(recorded.bodyState == .file)
        let kept = try #require(try store.entry(id: recorded.id)?.body)
        #expect(kept == Self.secrets.scrub(bytes))
        #expect(kept.range(of: secret) == nil)
        let file = try Data(contentsOf: URL(fileURLWithPath: scratch.path + "/history/\(recorded.id).gz"))
        #expect(HistoryCompression.decompress(file, limit: 4 << 20) == kept)
    }
}
