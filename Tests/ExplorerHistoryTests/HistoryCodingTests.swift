import ExplorerCore
import Foundation
import Testing

@testable import ExplorerHistory

/// The hand-written JSON of the recorded headers and metrics is the text `JSONEncoder` writes, so entries recorded
/// before and after it read back alike.
@Suite("History columns' JSON")
struct HistoryCodingTests {
    static func encoder(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    @Test(
        "headers: quotes, backslashes, control characters, slashes and non-ASCII text as JSONEncoder writes them",
        arguments: [
            HTTPHeaders(),
            ["Accept": "*/*", "X-Quote": #"say "hi" \ there"#],
            ["X-Control": "a\u{0}b\u{1f}c\td\ne\rf\u{08}g\u{0c}h\u{7f}", "X-Text": "caf\u{e9} \u{1F600} / done"],
        ])
    func headers(_ headers: HTTPHeaders) throws {
        let written = HistoryCoding.encode(headers)
        #expect(written == (try Self.encoder(headers.map { [$0.name, $0.value] })))
        #expect(Array(HistoryCoding.headers(written)) == Array(headers))
    }

    @Test("metrics with and without a body decoding, whole and fractional times, as JSONEncoder writes them")
    func metrics() throws {
        var metrics = Metrics(
            startedAt: Date(timeIntervalSince1970: 1_764_000_000.123456), endedAt: Date(timeIntervalSince1970: 0),
            dns: .microseconds(1_234), connect: .milliseconds(2), tls: .zero, preTransfer: .nanoseconds(7),
            firstByte: .milliseconds(40), transfer: .seconds(3), total: .seconds(4), redirects: 2,
            redirectTime: .milliseconds(9), queued: .nanoseconds(-1), bytesSent: 12, bytesReceived: 1 << 40,
            reusedConnection: true, queuePosition: 3, decoding: nil)
        for decoding in [nil, BodyDecoding(encoding: "gzip, \"br\"", wireBytes: 10, decodedBytes: 99)] {
            metrics.decoding = decoding
            let written = HistoryCoding.encode(metrics)
            let record = HistoryCoding.MetricsRecord(
                startedAt: metrics.startedAt.timeIntervalSince1970, endedAt: metrics.endedAt.timeIntervalSince1970,
                dns: 1_234_000, connect: 2_000_000, tls: 0, preTransfer: 7, firstByte: 40_000_000,
                transfer: 3_000_000_000, total: 4_000_000_000, redirectTime: 9_000_000, queued: -1, redirects: 2,
                queuePosition: 3, bytesSent: 12, bytesReceived: 1 << 40, reusedConnection: true,
                encoding: decoding?.encoding, wireBytes: decoding?.wireBytes, decodedBytes: decoding?.decodedBytes)
            #expect(written == (try Self.encoder(record)))
            #expect(HistoryCoding.metrics(written) == metrics)
        }
    }

    @Test("ids are eight letters of the alphabet, and differ")
    func ids() {
        let ids = (0..<1_000).map { _ in HistoryID.make() }
        #expect(ids.allSatisfy { $0.count == 8 && HistoryID.isPlausible($0) })
        #expect(Set(ids).count == ids.count)
        // Every letter turns up in every place (a draw that used fewer bits would leave some out).
        for place in 0..<8 {
            #expect(Set(ids.map { Array($0)[place] }).count == HistoryID.alphabet.count)
        }
    }
}
