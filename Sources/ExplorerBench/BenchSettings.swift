import ExplorerCore
import Foundation

/// How a bench run sends: how many requests or for how long, over how many connections at once, and at what
/// rate. Without a rate the run is closed: each connection sends its next request when its last one ended. With a
/// rate it is open (requests are due at fixed times, `rate` a second), and a request's total is counted from when it
/// was due, as wrk2 counts it: when the server slows down, the requests that wait behind it show the wait instead
/// of hiding it (coordinated omission).
public struct BenchSettings: Sendable, Hashable {
    public enum Stop: Sendable, Hashable {
        /// After this many requests.
        case count(Int)
        /// After this long (no request starts later; those running finish).
        case duration(Duration)
    }

    /// The requests sent when neither a count nor a duration is given.
    public static let defaultCount = 200
    /// More requests than this to a host that is not on this machine need the user's yes.
    public static let confirmationThreshold = 1_000

    public var stop: Stop
    /// Requests in flight at once (and so connections, at most).
    public var connections: Int
    /// Requests a second, spread evenly (open model); nil: as fast as the connections go (closed model).
    public var rate: Double?
    /// When an answer is a 429 or 503 with `Retry-After`, every worker holds its next request for that long, if it
    /// is at most this (0: never; default 60 s). The run's count or duration still bounds it.
    public var longestRetryAfter: Duration = .seconds(60)

    public init(stop: Stop = .count(BenchSettings.defaultCount), connections: Int = 1, rate: Double? = nil) {
        self.stop = stop
        self.connections = max(1, connections)
        self.rate = rate
    }

    /// How many requests the run may send at most: its count, or for a duration at a rate the requests due in it;
    /// nil when only the server's speed bounds it.
    public var plannedRequests: Int? {
        switch stop {
        case .count(let count): count
        case .duration(let duration): rate.map { Int(($0 * duration.seconds).rounded(.up)) }
        }
    }

    /// Whether the run needs a yes before it starts: over `confirmationThreshold` requests, or a duration with no
    /// rate (unbounded), to `host` when it is not this machine.
    public func needsConfirmation(host: String) -> Bool {
        guard !Self.isLoopback(host) else { return false }
        guard let planned = plannedRequests else { return true }
        return planned > Self.confirmationThreshold
    }

    /// `localhost`, `127.x.x.x` and `::1`: hosts a bench cannot overload for someone else.
    static func isLoopback(_ host: String) -> Bool {
        let host = host.lowercased().trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
        return host == "localhost" || host.hasSuffix(".localhost") || host == "::1" || host.hasPrefix("127.")
    }

    /// `30s`, `500ms`, `2m`, `1h` or a number of seconds; nil when it is none of those, under a millisecond, or
    /// too long to count (`1e300s` trapped converting to Int64; found by the `BenchArguments` fuzz target).
    public static func duration(_ text: String) -> Duration? {
        let text = text.trimmingCharacters(in: .whitespaces).lowercased()
        let units: [(String, Double)] = [("ms", 0.001), ("s", 1), ("m", 60), ("h", 3600)]
        var number = text
        var scale = 1.0
        for (suffix, factor) in units where text.hasSuffix(suffix) {
            number = String(text.dropLast(suffix.count))
            scale = factor
            break
        }
        guard let value = Double(number), value.isFinite, value > 0 else { return nil }
        let milliseconds = (value * scale * 1000).rounded()
        guard milliseconds >= 1, milliseconds < 1e15 else { return nil }
        return .milliseconds(Int64(milliseconds))
    }
}
