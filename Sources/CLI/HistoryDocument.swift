import ExplorerCore
import ExplorerHistory
import Foundation

/// The `--json` output of `apix history`, `history show` and `diff`.
enum HistoryDocument {
    /// One entry as a list shows it (no body).
    static func summary(_ entry: HistoryEntry) -> JSONValue {
        var object = JSONObject()
        object.append(key: "id", value: .string(entry.id))
        object.append(key: "recorded_at", value: .string(ResponseDocument.iso8601(entry.recordedAt)))
        object.append(key: "origin", value: .string(entry.origin.rawValue))
        object.append(key: "profile", value: entry.profile.map(JSONValue.string) ?? .null)
        object.append(key: "environment", value: entry.environment.map(JSONValue.string) ?? .null)
        object.append(key: "endpoint", value: entry.endpoint.map(JSONValue.string) ?? .null)
        object.append(key: "method", value: .string(entry.request.method.rawValue))
        object.append(key: "url", value: .string(entry.request.url))
        object.append(key: "status", value: entry.status.map { .number(String($0)) } ?? .null)
        object.append(key: "reason", value: .string(entry.reason))
        object.append(key: "duration_ms", value: .number(Units.fixed(entry.metrics.total.milliseconds, digits: 3)))
        object.append(key: "body_bytes", value: .number(String(entry.bodyBytes)))
        object.append(key: "body_state", value: .string(entry.bodyState.rawValue))
        object.append(key: "source", value: .string(entry.source.rawValue))
        if let error = entry.error {
            object.append(
                key: "error", value: .object(["kind": .string(error.kind), "message": .string(error.message)]))
        }
        if let replayOf = entry.replayOf { object.append(key: "replay_of", value: .string(replayOf)) }
        return .object(object)
    }

    static func list(_ entries: [HistoryEntry]) -> JSONValue {
        .object(["entries": .array(entries.map(summary))])
    }

    /// One entry whole: the summary's fields, then `apix run --json`'s document of its response (body included)
    /// and request, and its checks.
    static func entry(_ entry: HistoryEntry) -> JSONValue {
        guard case .object(var object) = summary(entry) else { return .null }
        let details: JSONValue
        if let response = entry.response {
            details = ResponseDocument.make(response, url: entry.request.url, bodyFile: nil, request: entry.request)
        } else {
            var failure = JSONObject()
            failure.append(key: "metrics", value: ResponseDocument.metrics(entry.metrics))
            failure.append(key: "request", value: ResponseDocument.requestObject(entry.request))
            details = .object(failure)
        }
        if case .object(let members) = details {
            for key in members.keys where object[key] == nil {
                object.append(key: key, value: members[key] ?? .null)
            }
        }
        if case .bytes(let data, _) = entry.request.body {
            let text = String(data: data, encoding: .utf8)
            object.append(key: "request_body", value: .string(text ?? data.base64EncodedString()))
            object.append(key: "request_body_encoding", value: .string(text == nil ? "base64" : "utf-8"))
        }
        if !entry.checks.isEmpty { object.append(key: "checks", value: TestReport.checksJSON(entry.checks)) }
        if let note = entry.bodyNote { object.append(key: "body_note", value: .string(note)) }
        return .object(object)
    }

    static func diff(_ diff: HistoryDiff) -> JSONValue {
        func change(_ change: HistoryDiff.Change) -> JSONValue {
            var object: JSONObject = ["kind": .string(change.kind.rawValue), "name": .string(change.name)]
            if let old = change.old { object.append(key: "old", value: .string(old)) }
            if let new = change.new { object.append(key: "new", value: .string(new)) }
            return .object(object)
        }
        var object: JSONObject = ["old": .string(diff.old), "new": .string(diff.new), "same": .bool(diff.isEmpty)]
        object.append(key: "status", value: diff.status.map(change) ?? .null)
        object.append(key: "headers", value: .array(diff.headers.map(change)))
        switch diff.body {
        case .json(let changes):
            object.append(key: "body", value: .object(["kind": "json", "changes": .array(changes.map(change))]))
        case .text(let lines):
            let shown = lines.map { JSONValue.object(["kind": .string($0.kind.rawValue), "text": .string($0.text)]) }
            object.append(key: "body", value: .object(["kind": "text", "lines": .array(shown)]))
        case .bytes(let same):
            object.append(key: "body", value: .object(["kind": "bytes", "same": .bool(same)]))
        }
        func ms(_ duration: Duration) -> JSONValue { .number(Units.fixed(duration.milliseconds, digits: 3)) }
        let timing: [JSONValue] = diff.timing.map {
            .object([
                "phase": .string($0.phase), "old_ms": ms($0.old), "new_ms": ms($0.new), "delta_ms": ms($0.delta),
            ])
        }
        object.append(key: "timing", value: .array(timing))
        object.append(key: "connection", value: diff.connection.map(JSONValue.string) ?? .null)
        object.append(key: "request", value: .array(diff.request.map(change)))
        return .object(object)
    }
}
