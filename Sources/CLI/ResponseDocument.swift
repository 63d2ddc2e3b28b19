import ExplorerCore
import Foundation

/// The `--json` output of `apix run`: one object describing the response (or why there was none).
enum ResponseDocument {
    /// `url`: the URL as shown (`CredentialPresentation.shownURL`); the response's own when nil. `bodyPlaceholder`:
    /// `body` holds this string instead of the body, for `write(_:streaming:placeholder:to:)` to stream it in its
    /// place; nil puts the whole body in the value.
    static func make(
        _ response: Response, url: String? = nil, bodyFile: String?, request: PreparedRequest? = nil,
        bodyPlaceholder: String? = nil
    ) -> JSONValue {
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
            let encoding = BodyEncoding(of: response)
            let body: String
            if let bodyPlaceholder {
                body = bodyPlaceholder
            } else {
                let data = (try? response.body.data()) ?? Data()
                body = encoding.isText ? encoding.charset.decode(data) ?? "" : data.base64EncodedString()
            }
            object.append(key: "body", value: .string(body))
            object.append(key: "body_encoding", value: .string(encoding.isText ? "utf-8" : "base64"))
            if encoding.isText, encoding.charset != .utf8 {
                object.append(key: "body_charset", value: .string(encoding.charset.rawValue))
            }
        }
        object.append(key: "body_bytes", value: .number(String(response.body.count)))
        object.append(key: "source", value: .string(response.source.rawValue))
        object.append(key: "age_s", value: .number(Units.fixed((response.age ?? .zero).seconds, digits: 3)))
        object.append(key: "metrics", value: metrics(response.metrics))
        if let connection = response.connection { object.append(key: "connection", value: self.connection(connection)) }
        if let request { object.append(key: "request", value: requestObject(request)) }
        return .object(object)
    }

    /// How `body` is written: text decoded by its charset (the same decoding the TUI shows) when the body is text
    /// and decodes whole, else base64. A body on disk is read in pieces to find out, never whole.
    struct BodyEncoding {
        var charset: MediaType.TextCharset
        var isText: Bool

        init(of response: Response) {
            charset = .of(response.contentType)
            let kind = BodyClassifier.kind(of: response.body, contentType: response.contentType)
            // A binary body (`BodyClassifier`: a NUL in its start, or a type that is not text) is base64 whatever its
            // charset: a NUL written as `\u0000` is six bytes for one, and a NUL gzip bomb gigabytes of them.
            let textual = kind == .text || kind == .json || kind == .empty
            // Single-byte charsets always decode; UTF-8 must be valid from end to end.
            isText = textual && (charset != .utf8 || Self.isValidUTF8(response.body))
        }

        static func isValidUTF8(_ body: ResponseBody) -> Bool {
            var carry = Data()
            var valid = true
            try? body.forEachChunk(ofSize: ResponseDocument.chunkSize) { chunk in
                guard valid else { return }
                var bytes = carry
                bytes.append(chunk)
                let cut = ResponseDocument.completeLength(bytes)
                valid = String(validating: bytes.prefix(cut), as: UTF8.self) != nil
                carry = Data(bytes.suffix(from: bytes.startIndex + cut))
            }
            return valid && carry.isEmpty
        }
    }

    /// How much of a body is read at a time when it is streamed (a multiple of 3, so base64 pieces join up).
    static let chunkSize = 3 << 18

    /// The length of the longest start of `bytes` that ends at a UTF-8 character boundary (a character cut at the
    /// end is left for the next piece).
    static func completeLength(_ bytes: Data) -> Int {
        var index = bytes.endIndex
        var continuations = 0
        while index > bytes.startIndex, continuations < 4 {
            let byte = bytes[index - 1]
            guard byte & 0xC0 == 0x80 else {
                let needed = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : byte >= 0xC0 ? 2 : 1
                return needed > continuations + 1 ? index - 1 - bytes.startIndex : bytes.count
            }
            continuations += 1
            index -= 1
        }
        return bytes.count
    }

    /// `JSONValue.appendEscapedContents` for UTF-8 ending at a character boundary, with runs of bytes that need no
    /// escape copied whole: the same bytes, quicker on a large body.
    static func appendEscaped(_ bytes: UnsafeRawBufferPointer, to output: inout [UInt8]) {
        var start = 0
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            // Plain: printable ASCII but `"` and `\`, and bytes above 0x7F but 0xC2 (the lead of a C1 control).
            if (byte >= 0x20 && byte < 0x7F && byte != 0x22 && byte != 0x5C) || (byte >= 0x80 && byte != 0xC2) {
                index += 1
                continue
            }
            output.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[start..<index]))
            // A 0xC2 goes with the byte after it (the same character), which decides whether it is a control.
            let end = byte == 0xC2 ? min(index + 2, bytes.count) : index + 1
            JSONValue.appendEscapedContents(of: UnsafeRawBufferPointer(rebasing: bytes[index..<end]), to: &output)
            index = end
            start = end
        }
        output.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[start..<index]))
    }

    /// Writes `document` (made with `bodyPlaceholder: placeholder`) with `response`'s body streamed in place of
    /// the placeholder, piece by piece from memory or its file: what `make` would give, in bounded memory.
    static func write(
        _ document: JSONValue, streaming response: Response, placeholder: String, to output: (Data) -> Void
    ) throws {
        let text = document.serialized()
        let marker = JSONValue.string(placeholder).serialized()
        guard let range = text.range(of: marker) else {
            output(Data(text.utf8))
            return
        }
        let encoding = BodyEncoding(of: response)
        output(Data(text[..<range.lowerBound].utf8) + Data("\"".utf8))
        var carry = Data()
        try response.body.forEachChunk(ofSize: chunkSize) { chunk in
            var bytes = carry
            bytes.append(chunk)
            guard encoding.isText else {
                // Base64 pieces join up when each but the last holds a multiple of 3 bytes.
                let cut = bytes.count - bytes.count % 3
                carry = Data(bytes.suffix(from: bytes.startIndex + cut))
                output(bytes.prefix(cut).base64EncodedData())
                return
            }
            // UTF-8 is cut at a character boundary; single-byte charsets decode byte by byte.
            let cut = encoding.charset == .utf8 ? completeLength(bytes) : bytes.count
            carry = Data(bytes.suffix(from: bytes.startIndex + cut))
            var escaped: [UInt8] = []
            escaped.reserveCapacity(cut + cut / 8)
            if encoding.charset == .utf8 {
                bytes.prefix(cut).withUnsafeBytes { appendEscaped($0, to: &escaped) }
            } else {
                JSONValue.appendEscapedContents(
                    of: (encoding.charset.decode(bytes.prefix(cut)) ?? "").utf8, to: &escaped)
            }
            output(Data(escaped))
        }
        if !encoding.isText { output(carry.base64EncodedData()) }
        output(Data("\"".utf8) + Data(text[range.upperBound...].utf8))
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
        // The proxy the final request went through (each redirect is routed again; `request.proxy` is the first
        // request's), password masked; absent when it went direct.
        if let proxy = metrics.proxy { object.append(key: "proxy", value: .string(proxy)) }
        return .object(object)
    }

    static func iso8601(_ date: Date) -> String {
        date.formatted(
            .iso8601.year().month().day().time(includingFractionalSeconds: true).timeZone(separator: .omitted))
    }
}
