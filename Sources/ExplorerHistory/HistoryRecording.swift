import ExplorerCore
import Foundation

/// What one exchange records: the one rule the explorer, `apix run`, `apix test` and `apix replay` follow.
package enum HistoryRecording {
    /// The entry for an exchange. `shown`: the request as `--json` shows it (credentials masked, headers as on the
    /// wire); `secrets`: every secret value used, removed from whatever else is kept (URL, headers, bodies, the
    /// server's answer). `bodyElsewhere`: the body went to the user's file (`-o`), which history does not copy.
    /// `streamsFileBodies`: a body in a file (a large one, spooled) is left there for the store to compress a piece
    /// at a time as it writes the entry, never read whole into memory; only for an entry the store writes in this
    /// process, while the response is alive (the explorer), not one handed to another (`HistoryPending`).
    package static func entry(
        origin: HistoryEntry.Origin, profile: String?, environment: String?, endpoint: String?,
        shown: PreparedRequest, result: Result<Response, ClientError>, checks: [CheckResult] = [],
        secrets: HistorySecrets, bodyElsewhere: Bool = false, replayOf: String? = nil, now: Date = Date(),
        bodyLimit: Int64 = HistorySettings().maxBodyBytes, streamsFileBodies: Bool = false
    ) -> HistoryEntry {
        var request = PreparedRequest(
            method: shown.method, url: secrets.scrub(CredentialPresentation.readable(shown.url)),
            headers: secrets.scrub(shown.headers))
        if case .bytes(let data, let type) = shown.body {
            request.body = .bytes(secrets.scrub(data), contentType: type)
        } else {
            request.body = shown.body
        }
        var entry = HistoryEntry(
            recordedAt: now, origin: origin, profile: profile, environment: environment, endpoint: endpoint,
            request: request, checks: scrubbed(checks, secrets), replayOf: replayOf)
        switch result {
        case .failure(let error):
            entry.error = HistoryError(kind: error.kindName, message: secrets.scrub(error.message))
            entry.metrics = error.metrics
        case .success(let response):
            entry.status = response.statusCode
            entry.reason = secrets.scrub(response.reason)
            entry.httpVersion = response.httpVersion
            entry.responseHeaders = secrets.scrub(response.headers)
            entry.source = response.source
            entry.metrics = response.metrics
            entry.bodyBytes = response.body.count
            if response.body.count == 0 {
                entry.bodyState = .none
            } else if bodyElsewhere || response.body.count > bodyLimit {
                entry.bodyState = .notKept
            } else if streamsFileBodies, response.body.filePath != nil {
                entry.spooled = SpooledHistoryBody(body: response.body, secrets: secrets)
                entry.bodyState = .file
            } else if let data = try? response.body.data() {
                entry.body = secrets.scrub(data)
                entry.bodyState = .inline
            } else {
                entry.bodyState = .notKept
            }
        }
        return entry
    }

    /// `checks` as the history keeps them: expected and actual values without the exchange's secrets (an actual
    /// value is the server's text, which may echo a credential).
    package static func scrubbed(_ checks: [CheckResult], _ secrets: HistorySecrets) -> [CheckResult] {
        checks.map { check in
            CheckResult(
                subject: check.subject, expected: secrets.scrub(check.expected), actual: secrets.scrub(check.actual),
                passed: check.passed)
        }
    }

    /// The request body as stored: bytes as they are, a file as its path, multipart as its content type only.
    static func storedBody(_ body: RequestBody) -> (data: Data?, type: String?) {
        switch body {
        case .none: (nil, nil)
        case .bytes(let data, let type): (data, "bytes;" + (type ?? ""))
        case .file(let path, let type): (Data(path.utf8), "file;" + (type ?? ""))
        case .multipart(let body): (nil, "multipart;" + body.contentType)
        }
    }

    /// The body `storedBody` kept, as a request body (a multipart one without its parts).
    static func restoredBody(_ data: Data?, type: String?) -> RequestBody {
        guard let type, let split = type.firstIndex(of: ";") else { return .none }
        let contentType = String(type[type.index(after: split)...])
        let kind = type[..<split]
        let shownType = contentType.isEmpty ? nil : contentType
        switch kind {
        case "bytes": return .bytes(data ?? Data(), contentType: shownType)
        case "file": return .file(path: String(decoding: data ?? Data(), as: UTF8.self), contentType: shownType)
        case "multipart":
            // Its parts were not kept: a multipart body with none, which says what it was (a replay refuses it; it
            // once came back as no body at all, and a replay sent the multipart `Content-Type` with nothing).
            let boundary = contentType.range(of: "boundary=").map { String(contentType[$0.upperBound...]) }
            return .multipart(MultipartBody(parts: [], boundary: boundary ?? ""))
        default: return .none
        }
    }
}
