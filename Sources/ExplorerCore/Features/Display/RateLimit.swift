import Foundation
import Synchronization

/// What an answer says about the client's request budget: the IETF draft's `RateLimit` / `RateLimit-Policy` (both
/// its structured form, `"default";r=50;t=30` with `"default";q=100;w=60`, and the earlier `limit=100, remaining=50,
/// reset=30` and `RateLimit-Limit/-Remaining/-Reset`), the widespread `X-RateLimit-Limit/-Remaining/-Reset` (a reset
/// past 10⁹ is a Unix time, as GitHub sends it; else seconds), and `Retry-After` (seconds or an HTTP date).
///
/// Only numbers are kept, clamped, so nothing the server wrote reaches a screen but figures of ours.
package struct RateLimit: Sendable, Equatable {
    /// Requests allowed in the window.
    package var limit: Int?
    /// Requests left in it.
    package var remaining: Int?
    /// Until the window resets, from when the answer arrived.
    package var reset: Duration?
    /// How long the server asks the client to wait before trying again.
    package var retryAfter: Duration?

    package init(limit: Int? = nil, remaining: Int? = nil, reset: Duration? = nil, retryAfter: Duration? = nil) {
        self.limit = limit
        self.remaining = remaining
        self.reset = reset
        self.retryAfter = retryAfter
    }

    /// Longer waits than this are read as this (a day): a hostile `Retry-After` cannot park a client for years.
    static let longest: Int64 = 86_400

    /// The budget `headers` declare, `receivedAt` being when the answer came (for dates); nil when they say none.
    package static func parse(_ headers: HTTPHeaders, receivedAt: Date) -> RateLimit? {
        var found = RateLimit()
        if let fields = headers["RateLimit"] {
            let parameters = Self.parameters(fields)
            found.remaining = parameters["r"] ?? parameters["remaining"]
            found.reset = (parameters["t"] ?? parameters["reset"]).map(Self.seconds)
            found.limit = parameters["limit"]
        }
        if let policy = headers["RateLimit-Policy"], found.limit == nil {
            found.limit = Self.parameters(policy)["q"]
        }
        for prefix in ["RateLimit-", "X-RateLimit-"] {
            found.limit = found.limit ?? headers[prefix + "Limit"].flatMap(Self.integer)
            found.remaining = found.remaining ?? headers[prefix + "Remaining"].flatMap(Self.integer)
            if found.reset == nil, let value = headers[prefix + "Reset"].flatMap(Self.integer) {
                // GitHub and others send the Unix time of the reset; the drafts send seconds.
                let delta = value > 1_000_000_000 ? value - Int(receivedAt.timeIntervalSince1970) : value
                found.reset = Self.seconds(max(0, delta))
            }
        }
        if let text = headers["Retry-After"]?.trimmingCharacters(in: .whitespaces) {
            if let value = Self.integer(text) {
                found.retryAfter = Self.seconds(value)
            } else if let date = Self.httpDate(text) {
                found.retryAfter = Self.seconds(max(0, Int(date.timeIntervalSince(receivedAt).rounded(.up))))
            }
        }
        return found == RateLimit() ? nil : found
    }

    /// `budget 42/100 · resets in 30 s`, `retry after 12 s`: the budget as the status line and `--timings` show it,
    /// `elapsed` after the answer arrived (the countdowns go down while it is shown).
    package func summary(elapsed: Duration = .zero) -> String {
        var parts: [String] = []
        switch (remaining, limit) {
        case (let remaining?, let limit?): parts.append("budget \(remaining)/\(limit)")
        case (let remaining?, nil): parts.append("budget \(remaining) left")
        case (nil, let limit?): parts.append("budget of \(limit)")
        case (nil, nil): break
        }
        if let reset { parts.append("resets in \(Self.countdown(reset - elapsed))") }
        if let retryAfter { parts.append("retry after \(Self.countdown(retryAfter - elapsed))") }
        return parts.joined(separator: " · ")
    }

    static func countdown(_ duration: Duration) -> String {
        let seconds = max(0, Int(duration.seconds.rounded(.up)))
        if seconds < 120 { return "\(seconds) s" }
        if seconds < 7200 { return "\(seconds / 60) min \(seconds % 60) s" }
        return "\(seconds / 3600) h \(seconds % 3600 / 60) min"
    }

    /// `key=value` pairs of a header in either form (`;r=50;t=30` or `remaining=50, reset=30`), numbers only.
    static func parameters(_ text: String) -> [String: Int] {
        var result: [String: Int] = [:]
        for piece in text.split(whereSeparator: { $0 == ";" || $0 == "," }).prefix(32) {
            let pair = piece.split(separator: "=", maxSplits: 1)
            guard pair.count == 2, let value = integer(String(pair[1])) else { continue }
            let key = pair[0].trimmingCharacters(in: .whitespaces).lowercased()
            if result[key] == nil { result[key] = value }
        }
        return result
    }

    /// A non-negative decimal integer of at most 12 digits.
    static func integer(_ text: String) -> Int? {
        let digits = text.trimmingCharacters(in: .whitespaces)
        guard !digits.isEmpty, digits.count <= 12, digits.allSatisfy(\.isASCIIDigitCharacter) else { return nil }
        return Int(digits)
    }

    static func seconds(_ value: Int) -> Duration { .seconds(min(Int64(value), longest)) }

    /// An IMF-fixdate (`Sun, 06 Nov 1994 08:49:37 GMT`), the form HTTP sends dates in. One formatter for every
    /// call: the TUI reads the budget at each redraw, and making a DateFormatter costs more than the parse.
    static func httpDate(_ text: String) -> Date? {
        dateFormatter.withLock { $0.date(from: text) }
    }

    private static let dateFormatter: Mutex<DateFormatter> = {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
        return Mutex(formatter)
    }()
}

extension Character {
    fileprivate var isASCIIDigitCharacter: Bool { ("0"..."9").contains(self) }
}

extension Response {
    /// The request budget this answer declares (`RateLimit.parse`), read from its headers as it arrived.
    package var rateLimit: RateLimit? {
        RateLimit.parse(headers, receivedAt: metrics.endedAt)
    }
}
