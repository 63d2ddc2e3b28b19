import Foundation

/// The last few compiled patterns, shared by every query (compiling is far dearer than matching).
final class RegexCache: @unchecked Sendable {
    // @unchecked: every access to `entries` holds `lock`; NSRegularExpression is immutable and thread-safe.
    static let shared = RegexCache()

    private let lock = NSLock()
    private var entries: [String: NSRegularExpression?] = [:]

    func expression(for source: String) -> NSRegularExpression? {
        lock.lock()
        defer { lock.unlock() }
        if let entry = entries[source] { return entry }
        if entries.count >= 64 { entries.removeAll() }
        let expression = try? NSRegularExpression(pattern: source)
        entries[source] = .some(expression)
        return expression
    }
}
