import ExplorerCore
import Foundation

/// Search over the body's bytes, not its formatted lines: a match is found in the bytes as received (ASCII letters
/// in either case) and shown on the line where it starts, found through the line index. Nothing is formatted, so
/// a 50 MB body is searched at memory speed; work goes in chunks that check for cancellation.
///
/// In the formatted JSON view a match is looked for in the body as sent (`"id":1` in a minified body, shown as
/// `"id": 1`); tokens are copied as written, so a query within one token always matches as shown.
extension BodyDocument {
    /// Bytes scanned between cancellation checks and progress reports.
    static let searchChunk = 1 << 20

    /// The query as the body's bytes would hold it: in its charset for text; for a binary body a run of hex
    /// pairs (`1f 8b 08`) stands for those bytes, anything else for its text.
    func matcher(for query: String) -> ByteMatcher? {
        guard !query.isEmpty else { return nil }
        if kind == .binary, let bytes = Self.hexBytes(query) { return ByteMatcher(bytes, ignoringCase: false) }
        let encoded: Data?
        switch charset {
        case .utf8: encoded = Data(query.utf8)
        case .latin1: encoded = query.data(using: .isoLatin1)
        case .windows1252: encoded = query.data(using: .windowsCP1252)
        }
        return ByteMatcher(Array(encoded ?? Data(query.utf8)))
    }

    /// `1f 8b 08` as bytes: two hex digits each, separated by single spaces, at least two of them.
    static func hexBytes(_ query: String) -> [UInt8]? {
        let pairs = query.split(separator: " ", omittingEmptySubsequences: false)
        guard pairs.count >= 2 else { return nil }
        var bytes: [UInt8] = []
        for pair in pairs {
            guard pair.count == 2, let byte = UInt8(pair, radix: 16) else { return nil }
            bytes.append(byte)
        }
        return bytes
    }

    /// Lines of the view searched: formatted, or raw (the body as received).
    func searchLineCount(raw: Bool) -> Int { raw ? rawLineCount : lineCount }

    /// The byte offset where line `number` of the view starts.
    func byteOffset(ofLine number: Int, raw: Bool) -> Int {
        switch kind {
        case .empty: 0
        case .binary: number * Self.hexRowBytes
        case .text: lineStarts[number]
        case .json: raw ? lineStarts[number] : index?.sourceOffset(ofLine: number) ?? 0
        }
    }

    /// The line of the view that holds byte `offset`: the last line starting at or before it. `hint`, a line at or
    /// before the answer, makes a scan's ordered look-ups cheap (a gallop from it, then a bisection).
    func line(atByte offset: Int, raw: Bool, hint: Int = 0) -> Int {
        let count = searchLineCount(raw: raw)
        guard count > 1 else { return 0 }
        if kind == .binary { return min(count - 1, offset / Self.hexRowBytes) }
        var low = min(max(0, hint), count - 1)
        if byteOffset(ofLine: low, raw: raw) > offset { low = 0 }
        // Gallop: the answer is in low..<high.
        var step = 1
        var high = low + 1
        while high < count, byteOffset(ofLine: high, raw: raw) <= offset {
            low = high
            step *= 2
            high = min(count, high + step)
        }
        while high - low > 1 {
            let middle = (low + high) / 2
            if byteOffset(ofLine: middle, raw: raw) <= offset { low = middle } else { high = middle }
        }
        return low
    }

    /// The first line at or after `start` (at or before it, going backwards), wrapping around, with a match for
    /// `query`; nil when there is none or the task was cancelled. Run it off the main actor on big bodies.
    package func search(_ query: String, from start: Int, forward: Bool, raw: Bool = false) -> Int? {
        guard let matcher = matcher(for: query) else { return nil }
        let count = searchLineCount(raw: raw)
        guard count > 0, byteCount > 0 else { return nil }
        let line = min(max(0, start), count - 1)
        let found: Int?
        if forward {
            let from = byteOffset(ofLine: line, raw: raw)
            found = firstMatch(matcher, in: from..<byteCount) ?? firstMatch(matcher, in: 0..<from)
        } else {
            let upTo = line + 1 < count ? byteOffset(ofLine: line + 1, raw: raw) : byteCount
            found = lastMatch(matcher, in: 0..<upTo) ?? lastMatch(matcher, in: upTo..<byteCount)
        }
        return found.map { self.line(atByte: $0, raw: raw) }
    }

    private func firstMatch(_ matcher: ByteMatcher, in range: Range<Int>) -> Int? {
        bytes.withUnsafeBytes { buffer in
            var found: Int?
            var chunk = range.lowerBound
            var resume = chunk
            while chunk < range.upperBound, found == nil, !Task.isCancelled {
                let starts = chunk..<min(range.upperBound, chunk + Self.searchChunk)
                resume =
                    matcher.scan(buffer, starts: starts, from: resume) { offset in
                        found = offset
                        return false
                    } ?? resume
                chunk = starts.upperBound
            }
            return Task.isCancelled ? nil : found
        }
    }

    /// The last match starting in `range`, scanning chunks from its end.
    private func lastMatch(_ matcher: ByteMatcher, in range: Range<Int>) -> Int? {
        bytes.withUnsafeBytes { buffer in
            var end = range.upperBound
            while end > range.lowerBound, !Task.isCancelled {
                let starts = max(range.lowerBound, end - Self.searchChunk)..<end
                var last: Int?
                matcher.scan(buffer, starts: starts) { offset in
                    last = offset
                    return true
                }
                if let last { return last }
                end = starts.lowerBound
            }
            return nil
        }
    }

    /// Counts every match of `query` in the view, calling `progress` after each chunk with what is counted so far;
    /// returns the complete count with each match's line (up to `SearchMatches.listLimit`), or nil when cancelled.
    package func countMatches(
        _ query: String, exchange: Int, tab: ResponseTab, progress: (SearchMatches) -> Void = { _ in }
    ) -> SearchMatches? {
        let raw = tab == .raw
        guard let matcher = matcher(for: query), byteCount > 0, searchLineCount(raw: raw) > 0 else {
            return SearchMatches(exchange: exchange, tab: tab, query: query, total: 0, lines: [], fraction: 1)
        }
        var total = 0
        var lines: [Int] = []
        var hint = 0
        var chunk = 0
        var resume = 0
        while chunk < byteCount {
            if Task.isCancelled { return nil }
            let starts = chunk..<min(byteCount, chunk + Self.searchChunk)
            bytes.withUnsafeBytes { buffer in
                resume =
                    matcher.scan(buffer, starts: starts, from: resume) { offset in
                        total += 1
                        if lines.count < SearchMatches.listLimit {
                            hint = line(atByte: offset, raw: raw, hint: hint)
                            lines.append(hint)
                        }
                        return true
                    } ?? resume
            }
            chunk = starts.upperBound
            if chunk < byteCount {
                progress(
                    SearchMatches(
                        exchange: exchange, tab: tab, query: query, total: total, lines: [],
                        fraction: Double(chunk) / Double(byteCount)))
            }
        }
        if lines.count < total { lines = [] }
        return SearchMatches(exchange: exchange, tab: tab, query: query, total: total, lines: lines, fraction: 1)
    }
}
