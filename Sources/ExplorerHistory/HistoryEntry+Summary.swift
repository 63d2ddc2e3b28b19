import ExplorerCore
import Foundation

/// How an entry reads in a list: the words `apix history` and the explorer's history view both show.
extension HistoryEntry {
    /// `12 s ago`, `5 min ago`.
    public func ageText(at now: Date = Date()) -> String { Units.age(age(at: now)) + " ago" }

    /// `200`, or the error kind when no response came (`timeout`, `connect`).
    public var statusText: String {
        guard let status else { return error?.kind ?? "error" }
        return String(status)
    }

    /// The total time of the exchange.
    public var durationText: String { Units.duration(metrics.total) }

    /// The body's size; `-` for none.
    public var sizeText: String { bodyBytes == 0 && status == nil ? "-" : Units.bytes(bodyBytes) }

    /// `network`, `cache`, `revalidated`.
    public var sourceText: String { source.rawValue }

    /// `profile/endpoint`, or `one-off`.
    public var target: String {
        guard let profile else { return endpointName }
        return profile + "/" + endpointName
    }

    /// The columns of a list row, server text made safe: id, age, status, duration, size, source, target, method
    /// and URL.
    public func columns(at now: Date = Date()) -> [String] {
        [
            id, ageText(at: now), statusText, durationText, sizeText, sourceText, SafeText.escape(target),
            request.method.rawValue, SafeText.escape(request.url),
        ]
    }

    /// The age marker the response pane shows over an old response: `from history · 5 min ago`.
    public func ageBadge(at now: Date = Date()) -> String { Self.ageBadge(recordedAt: recordedAt, now: now) }

    public static func ageBadge(recordedAt: Date, now: Date) -> String {
        "from history · " + Units.age(.milliseconds(Int64(max(0, now.timeIntervalSince(recordedAt)) * 1000))) + " ago"
    }
}
