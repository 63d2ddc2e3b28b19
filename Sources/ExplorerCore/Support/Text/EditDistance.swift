/// Edit distances for "did you mean" suggestions (an unknown key, action, method, variable).
package enum EditDistance {
    /// The Levenshtein distance between `a` and `b`, compared `Character` by `Character`, when it is at most `limit`;
    /// nil when it is more. A suggestion is only made within a small limit, and a distance is at least the difference
    /// in length, so a long name (a file's stray text, say) is not compared with every known one in full.
    package static func distance(_ a: [Character], _ b: [Character], atMost limit: Int) -> Int? {
        guard abs(a.count - b.count) <= limit else { return nil }
        if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
        // Two rows, reused: the distance between a's first i characters and each prefix of b.
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
            }
            swap(&previous, &current)
        }
        return previous[b.count] <= limit ? previous[b.count] : nil
    }

    /// The name of `known` closest to `name` by edit distance, ignoring case (of those as close, the first in
    /// `known`), when close enough to be a likely typo: at most a third of `name`'s length, and 2 for short names.
    package static func nearest(_ name: String, in known: [String]) -> String? {
        let limit = max(2, name.count / 3)
        let typed = Array(name.lowercased())
        var best: (name: String, distance: Int)?
        for candidate in known {
            // Only a name within the limit can be suggested, and the first of the closest is: skipping the others
            // changes nothing.
            guard let distance = distance(typed, Array(candidate.lowercased()), atMost: limit) else { continue }
            if distance < best?.distance ?? .max { best = (candidate, distance) }
        }
        return best?.name
    }
}
