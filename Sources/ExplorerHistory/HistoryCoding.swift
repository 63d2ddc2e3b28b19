import ExplorerCore
import Foundation

/// The JSON texts of the database's structured columns (headers, metrics, checks).
enum HistoryCoding {
    struct MetricsRecord: Codable {
        var startedAt: Double
        var endedAt: Double
        var dns, connect, tls, preTransfer, firstByte, transfer, total, redirectTime, queued: Int64
        var redirects, queuePosition: Int
        var bytesSent, bytesReceived: Int64
        var reusedConnection: Bool
        var encoding: String?
        var wireBytes, decodedBytes: Int64?
    }

    struct CheckRecord: Codable {
        var subject, expected, actual: String
        var passed: Bool
    }

    static func nanoseconds(_ duration: Duration) -> Int64 {
        let parts = duration.components
        return parts.seconds * 1_000_000_000 + parts.attoseconds / 1_000_000_000
    }

    static func encode(_ metrics: Metrics) -> String {
        let record = MetricsRecord(
            startedAt: metrics.startedAt.timeIntervalSince1970, endedAt: metrics.endedAt.timeIntervalSince1970,
            dns: nanoseconds(metrics.dns), connect: nanoseconds(metrics.connect), tls: nanoseconds(metrics.tls),
            preTransfer: nanoseconds(metrics.preTransfer), firstByte: nanoseconds(metrics.firstByte),
            transfer: nanoseconds(metrics.transfer), total: nanoseconds(metrics.total),
            redirectTime: nanoseconds(metrics.redirectTime), queued: nanoseconds(metrics.queued),
            redirects: metrics.redirects, queuePosition: metrics.queuePosition, bytesSent: metrics.bytesSent,
            bytesReceived: metrics.bytesReceived, reusedConnection: metrics.reusedConnection,
            encoding: metrics.decoding?.encoding, wireBytes: metrics.decoding?.wireBytes,
            decodedBytes: metrics.decoding?.decodedBytes)
        return text(record)
    }

    static func metrics(_ text: String?) -> Metrics {
        guard let record = decode(MetricsRecord.self, text) else { return Metrics() }
        let ns = { (value: Int64) in Duration.nanoseconds(value) }
        var decoding: BodyDecoding?
        if let encoding = record.encoding {
            decoding = BodyDecoding(
                encoding: encoding, wireBytes: record.wireBytes ?? 0, decodedBytes: record.decodedBytes ?? 0)
        }
        return Metrics(
            startedAt: Date(timeIntervalSince1970: record.startedAt),
            endedAt: Date(timeIntervalSince1970: record.endedAt), dns: ns(record.dns), connect: ns(record.connect),
            tls: ns(record.tls), preTransfer: ns(record.preTransfer), firstByte: ns(record.firstByte),
            transfer: ns(record.transfer), total: ns(record.total), redirects: record.redirects,
            redirectTime: ns(record.redirectTime), queued: ns(record.queued), bytesSent: record.bytesSent,
            bytesReceived: record.bytesReceived, reusedConnection: record.reusedConnection,
            queuePosition: record.queuePosition, decoding: decoding)
    }

    static func encode(_ headers: HTTPHeaders) -> String {
        text(headers.map { [$0.name, $0.value] })
    }

    static func headers(_ text: String?) -> HTTPHeaders {
        let pairs = decode([[String]].self, text) ?? []
        return HTTPHeaders(pairs.compactMap { $0.count == 2 ? ($0[0], $0[1]) : nil })
    }

    static func encode(_ checks: [CheckResult]) -> String? {
        checks.isEmpty
            ? nil
            : text(
                checks.map {
                    CheckRecord(subject: $0.subject, expected: $0.expected, actual: $0.actual, passed: $0.passed)
                })
    }

    static func checks(_ text: String?) -> [CheckResult] {
        (decode([CheckRecord].self, text) ?? []).map {
            CheckResult(subject: $0.subject, expected: $0.expected, actual: $0.actual, passed: $0.passed)
        }
    }

    private static func text(_ value: some Encodable) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: (try? encoder.encode(value)) ?? Data("null".utf8), as: UTF8.self)
    }

    private static func decode<Value: Decodable>(_ type: Value.Type, _ text: String?) -> Value? {
        guard let text else { return nil }
        return try? JSONDecoder().decode(type, from: Data(text.utf8))
    }
}
