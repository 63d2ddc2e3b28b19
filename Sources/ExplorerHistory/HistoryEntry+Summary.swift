import ExplorerCore
import Foundation

/// How an entry reads in a list: the words `apix history` and the explorer's history view both show.
extension HistoryEntry {
    /// `12 s ago`, `5 min ago`.
    package func ageText(at now: Date = Date()) -> String { Units.age(age(at: now)) + " ago" }

    /// `200`, or the error kind when no response came (`timeout`, `connect`).
    package var statusText: String {
        guard let status else { return error?.kind ?? "error" }
        return String(status)
    }

    /// The total time of the exchange.
    package var durationText: String { Units.duration(metrics.total) }

    /// The body's size; `-` for none.
    package var sizeText: String { bodyBytes == 0 && status == nil ? "-" : Units.bytes(bodyBytes) }

    /// `network`, `cache`, `revalidated`.
    package var sourceText: String { source.rawValue }

    /// `profile/endpoint`, or `one-off`.
    package var target: String {
        guard let profile else { return endpointName }
        return profile + "/" + endpointName
    }

    /// The columns of a list row, server text made safe: id, age, status, duration, size, source, target, method
    /// and URL.
    package func columns(at now: Date = Date()) -> [String] {
        [
            id, ageText(at: now), statusText, durationText, sizeText, sourceText, SafeText.escape(target),
            request.method.rawValue, SafeText.escape(request.url),
        ]
    }

    /// The age marker the response pane shows over an old response: `from history · 5 min ago`.
    package func ageBadge(at now: Date = Date()) -> String { Self.ageBadge(recordedAt: recordedAt, now: now) }

    package static func ageBadge(recordedAt: Date, now: Date) -> String {
        "from history · " + Units.age(.milliseconds(Int64(max(0, now.timeIntervalSince(recordedAt)) * 1000))) + " ago"
    }
}
