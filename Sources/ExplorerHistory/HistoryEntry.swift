import ExplorerCore
import Foundation

/// One recorded exchange: the request as sent (credentials masked), what came back, and where its body is kept.
package struct HistoryEntry: Sendable, Equatable {
    /// Which front end sent it.
    package enum Origin: String, Sendable {
        case explorer = "tui"
        case run
        case test
        case replay
        /// `apix ws`: a WebSocket session.
        case ws
    }

    /// Where the response body is: in the database, in a compressed file beside it, dropped by the size cap, or
    /// never kept (no body, or one written to the user's own file).
    package enum BodyState: String, Sendable {
        case inline
        case file
        case dropped
        case none
        case notKept = "not_kept"
    }

    /// Short and stable: 8 lowercase letters and digits, drawn once; any unique prefix of 4 or more finds it.
    package var id: String
    package var recordedAt: Date
    package var origin: Origin
    package var profile: String?
    package var environment: String?
    /// The endpoint's id; nil for a one-off request.
    package var endpoint: String?
    /// The request as `--json` shows it: credentials and secrets masked.
    package var request: PreparedRequest
    /// The response; nil when none came (`error` says why).
    package var status: Int?
    package var reason: String
    package var httpVersion: String
    package var responseHeaders: HTTPHeaders
    package var source: ResponseSource
    package var metrics: Metrics
    package var error: HistoryError?
    package var checks: [CheckResult]
    package var bodyBytes: Int64
    package var bodyState: BodyState
    /// The body; nil in listings (`HistoryStore.entries`), loaded by `HistoryStore.entry(id:)`.
    package var body: Data?
    /// The entry this one replayed, if any.
    package var replayOf: String?
    /// A body still in the response's file, with the secrets to scrub from it: the store compresses it into its
    /// body file from there, a piece at a time, instead of `body` holding it whole (`HistoryRecording.entry`'s
    /// `streamsFileBodies`).
    var spooled: SpooledHistoryBody?

    package init(
        id: String = HistoryID.make(), recordedAt: Date = Date(), origin: Origin, profile: String?,
        environment: String?, endpoint: String?, request: PreparedRequest, status: Int? = nil, reason: String = "",
        httpVersion: String = "", responseHeaders: HTTPHeaders = [:], source: ResponseSource = .network,
        metrics: Metrics = Metrics(), error: HistoryError? = nil, checks: [CheckResult] = [], bodyBytes: Int64 = 0,
        bodyState: BodyState = .none, body: Data? = nil, replayOf: String? = nil
    ) {
        self.id = id
        self.recordedAt = recordedAt
        self.origin = origin
        self.profile = profile
        self.environment = environment
        self.endpoint = endpoint
        self.request = request
        self.status = status
        self.reason = reason
        self.httpVersion = httpVersion
        self.responseHeaders = responseHeaders
        self.source = source
        self.metrics = metrics
        self.error = error
        self.checks = checks
        self.bodyBytes = bodyBytes
        self.bodyState = bodyState
        self.body = body
        self.replayOf = replayOf
    }

    /// The response as it was, for the front ends' response views; nil when none came. Its body is the kept one
    /// (empty when it was not kept).
    package var response: Response? {
        guard let status else { return nil }
        var response = Response(
            method: request.method, url: request.url, statusCode: status, reason: reason, httpVersion: httpVersion,
            headers: responseHeaders, body: ResponseBody(data: body ?? Data()), metrics: metrics)
        response.source = source
        return response
    }

    /// How old the entry is at `now`.
    package func age(at now: Date = Date()) -> Duration {
        .milliseconds(Int64(max(0, now.timeIntervalSince(recordedAt)) * 1000))
    }

    /// The endpoint's id, or `one-off`.
    package var endpointName: String { endpoint ?? "one-off" }

    /// Why the body shows nothing, when it was not kept; nil when it is here (or there was none).
    package var bodyNote: String? {
        switch bodyState {
        case .inline, .file, .none: nil
        case .dropped: "body dropped by the history size cap"
        case .notKept: "body not kept (written to a file, or over the size kept)"
        }
    }
}

/// No response: the kind and message `ClientError` gave.
package struct HistoryError: Sendable, Equatable {
    package var kind: String
    package var message: String

    package init(kind: String, message: String) {
        self.kind = kind
        self.message = message
    }
}
