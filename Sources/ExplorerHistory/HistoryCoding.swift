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
        var tlsResumed: Bool?
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

    /// `metrics` as `MetricsRecord`'s JSON, written by hand: each exchange recorded encodes its metrics and both
    /// header lists, and `JSONEncoder` made that most of the recording's CPU time. The text is the one `JSONEncoder`
    /// writes with sorted keys (a test holds them equal), so old and new records read the same.
    static func encode(_ metrics: Metrics) -> String {
        var json = JSONText()
        json.field("bytesReceived", metrics.bytesReceived)
        json.field("bytesSent", metrics.bytesSent)
        json.field("connect", nanoseconds(metrics.connect))
        if let decoding = metrics.decoding { json.field("decodedBytes", decoding.decodedBytes) }
        json.field("dns", nanoseconds(metrics.dns))
        if let decoding = metrics.decoding { json.field("encoding", string: decoding.encoding) }
        json.field("endedAt", metrics.endedAt.timeIntervalSince1970)
        json.field("firstByte", nanoseconds(metrics.firstByte))
        json.field("preTransfer", nanoseconds(metrics.preTransfer))
        json.field("queuePosition", Int64(metrics.queuePosition))
        json.field("queued", nanoseconds(metrics.queued))
        json.field("redirectTime", nanoseconds(metrics.redirectTime))
        json.field("redirects", Int64(metrics.redirects))
        json.field("reusedConnection", metrics.reusedConnection)
        json.field("startedAt", metrics.startedAt.timeIntervalSince1970)
        json.field("tls", nanoseconds(metrics.tls))
        if let resumed = metrics.tlsResumed { json.field("tlsResumed", resumed) }
        json.field("total", nanoseconds(metrics.total))
        json.field("transfer", nanoseconds(metrics.transfer))
        if let decoding = metrics.decoding { json.field("wireBytes", decoding.wireBytes) }
        return json.closingObject()
    }

    static func metrics(_ text: String?) -> Metrics {
        guard let record = decode(MetricsRecord.self, text) else { return Metrics() }
        let ns = { (value: Int64) in Duration.nanoseconds(value) }
        var decoding: BodyDecoding?
        if let encoding = record.encoding {
            decoding = BodyDecoding(
                encoding: encoding, wireBytes: record.wireBytes ?? 0, decodedBytes: record.decodedBytes ?? 0)
        }
        var metrics = Metrics(
            startedAt: Date(timeIntervalSince1970: record.startedAt),
            endedAt: Date(timeIntervalSince1970: record.endedAt), dns: ns(record.dns), connect: ns(record.connect),
            tls: ns(record.tls), preTransfer: ns(record.preTransfer), firstByte: ns(record.firstByte),
            transfer: ns(record.transfer), total: ns(record.total), redirects: record.redirects,
            redirectTime: ns(record.redirectTime), queued: ns(record.queued), bytesSent: record.bytesSent,
            bytesReceived: record.bytesReceived, reusedConnection: record.reusedConnection,
            queuePosition: record.queuePosition, decoding: decoding)
        metrics.tlsResumed = record.tlsResumed
        return metrics
    }

    /// `headers` as a JSON array of `[name, value]` pairs (by hand, as `encode(_: Metrics)` says why).
    static func encode(_ headers: HTTPHeaders) -> String {
        var text = "["
        for (index, header) in headers.enumerated() {
            if index > 0 { text += "," }
            text += "["
            JSONText.append(header.name, to: &text)
            text += ","
            JSONText.append(header.value, to: &text)
            text += "]"
        }
        return text + "]"
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

    static func text(_ value: some Encodable) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: (try? encoder.encode(value)) ?? Data("null".utf8), as: UTF8.self)
    }

    private static func decode<Value: Decodable>(_ type: Value.Type, _ text: String?) -> Value? {
        guard let text else { return nil }
        return try? JSONDecoder().decode(type, from: Data(text.utf8))
    }
}
