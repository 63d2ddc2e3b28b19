import ExplorerCore
import Foundation

/// The `--json` output of `apix run`: one object describing the response (or why there was none).
enum ResponseDocument {
    /// `url`: the URL as shown (`CredentialPresentation.shownURL`); the response's own when nil.
    static func make(_ response: Response, url: String? = nil, bodyFile: String?, request: PreparedRequest? = nil)
        -> JSONValue
    {
        var object = JSONObject()
        object.append(key: "status", value: .number(String(response.statusCode)))
        object.append(key: "reason", value: .string(response.reason))
        object.append(key: "http_version", value: .string(response.httpVersion))
        object.append(key: "method", value: .string(response.method.rawValue))
        object.append(key: "url", value: .string(url ?? response.url))
        object.append(
            key: "headers",
            value: .array(response.headers.map { .array([.string($0.name), .string($0.value)]) }))
        if let bodyFile {
            object.append(key: "body", value: .null)
            object.append(key: "body_file", value: .string(bodyFile))
        } else {
            let data = (try? response.body.data()) ?? Data()
            // Text is decoded by its charset (the same decoding the TUI shows); `body` is then that text.
            let charset = MediaType.TextCharset.of(response.contentType)
            let isText =
                charset == .utf8 || BodyClassifier.kind(of: response.body, contentType: response.contentType) == .text
            if let text = charset.decode(data), isText {
                object.append(key: "body", value: .string(text))
                object.append(key: "body_encoding", value: .string("utf-8"))
                if charset != .utf8 { object.append(key: "body_charset", value: .string(charset.rawValue)) }
            } else {
                object.append(key: "body", value: .string(data.base64EncodedString()))
                object.append(key: "body_encoding", value: .string("base64"))
            }
        }
        object.append(key: "body_bytes", value: .number(String(response.body.count)))
        object.append(key: "source", value: .string(response.source.rawValue))
        object.append(key: "age_s", value: .number(Units.fixed((response.age ?? .zero).seconds, digits: 3)))
        object.append(key: "metrics", value: metrics(response.metrics))
        if let request { object.append(key: "request", value: requestObject(request)) }
        return .object(object)
    }

    static func make(_ error: ClientError, request: PreparedRequest? = nil) -> JSONValue {
        var object: JSONObject = [
            "error": .object(["kind": .string(error.kindName), "message": .string(error.message)]),
            "metrics": metrics(error.metrics),
        ]
        if let request { object.append(key: "request", value: requestObject(request)) }
        return .object(object)
    }

    /// What was sent: method, URL and headers as pairs (the caller masks credentials).
    static func requestObject(_ request: PreparedRequest) -> JSONValue {
        var object: JSONObject = [
            "method": .string(request.method.rawValue),
            "url": .string(CredentialPresentation.readable(request.url)),
            "headers": .array(request.headers.map { .array([.string($0.name), .string($0.value)]) }),
        ]
        // The proxy it went through (its password masked), when it did not go direct.
        if let proxy = ProxyRoute.shown(for: request) { object.append(key: "proxy", value: .string(proxy)) }
        return .object(object)
    }

    static func make(_ failure: CLIFailure) -> JSONValue {
        .object(["error": .object(["kind": .string(failure.kind), "message": .string(failure.message)])])
    }

    static func metrics(_ metrics: Metrics) -> JSONValue {
        func ms(_ duration: Duration) -> JSONValue { .number(Units.fixed(duration.milliseconds, digits: 3)) }
        func rate(_ value: Double) -> JSONValue { .number(Units.fixed(value, digits: 0)) }
        var object: JSONObject = [
            "dns_ms": ms(metrics.dns),
            "connect_ms": ms(metrics.connect),
            "tls_ms": ms(metrics.tls),
            "pretransfer_ms": ms(metrics.preTransfer),
            "first_byte_ms": ms(metrics.firstByte),
            "transfer_ms": ms(metrics.transfer),
            "total_ms": ms(metrics.total),
            "redirects": .number(String(metrics.redirects)),
            "redirect_ms": ms(metrics.redirectTime),
            "queued_ms": ms(metrics.queued),
            "queue_position": .number(String(metrics.queuePosition)),
            "bytes_sent": .number(String(metrics.bytesSent)),
            "bytes_received": .number(String(metrics.bytesReceived)),
            "upload_rate": rate(metrics.uploadRate),
            "download_rate": rate(metrics.downloadRate),
            "reused_connection": .bool(metrics.reusedConnection),
            "started_at": .string(iso8601(metrics.startedAt)),
            "ended_at": .string(iso8601(metrics.endedAt)),
        ]
        // A body that came compressed: its coding and size on the wire (`body_bytes` is the decoded size).
        if let decoding = metrics.decoding {
            object.append(key: "content_encoding", value: .string(decoding.encoding))
            object.append(key: "body_wire_bytes", value: .number(String(decoding.wireBytes)))
        }
        return .object(object)
    }

    static func iso8601(_ date: Date) -> String {
        date.formatted(
            .iso8601.year().month().day().time(includingFractionalSeconds: true).timeZone(separator: .omitted))
    }
}
