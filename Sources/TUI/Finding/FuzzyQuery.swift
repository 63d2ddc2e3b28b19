/// A query typed to find something (endpoints, actions, keys): whitespace-separated tokens, each of which must match
/// somewhere in the candidate's fields, in any order. Matching is case-insensitive; a higher score is a better match.
///
/// A token matches a field exactly (best), as its prefix, as a substring starting at a word start (`refunds` in
/// `/v1/refunds`, `Refunds` in `PostRefunds`), as any substring, or (for tokens of two characters or more, in fields
/// that allow it) as an abbreviation whose pieces each start a word (`pmd` in `payment_method_domains`). Scattered
/// letters never match: with thousands of endpoints, a subsequence anywhere matches nearly everything.
package struct FuzzyQuery: Sendable, Hashable {
    /// The lowercased tokens, as bytes.
    let tokens: [[UInt8]]

    package init(_ text: String) {
        tokens = text.lowercased().split(whereSeparator: \.isWhitespace).map { Array($0.utf8) }
    }

    package var isEmpty: Bool { tokens.isEmpty }

    /// The score of a candidate (nil: some token matches none of its fields). Each token scores its best field.
    func score(_ fields: [FuzzyField]) -> Int? {
        var total = 0
        for token in tokens {
            var best: Int?
            for field in fields {
                if let score = field.score(token), score > (best ?? -1) { best = score }
            }
            guard let best else { return nil }
            total += best
        }
        return total
    }

    /// Whether `text` matches every token (each as a substring, or as an abbreviation of word starts).
    package func matches(_ text: String) -> Bool {
        isEmpty || score([FuzzyField(text)]) != nil
    }
}

/// One searchable field of a candidate, prepared once: its lowercased bytes and where its words start.
struct FuzzyField: Sendable, Hashable {
    let bytes: [UInt8]
    /// `wordStarts[i]`: a word starts at byte `i` (after a separator, at a lower-to-upper case change, at a digit
    /// after a letter, or at 0).
    let wordStarts: [Bool]
    /// Points for a match here, out of 100 (a description counts less than a path).
    let weight: Int
    /// Only whole-field matches count (a method: `post` is POST, `po` is not).
    let exactOnly: Bool
    /// Abbreviations of word starts may match (not in long prose, where they match by chance).
    let abbreviations: Bool

    init(_ text: String, weight: Int = 100, exactOnly: Bool = false, abbreviations: Bool = true) {
        let original = Array(text.utf8)
        bytes = Array(text.lowercased().utf8)
        // Lowercasing non-ASCII text may change its length; then only separators mark words.
        let caseAware = original.count == bytes.count
        var starts = [Bool](repeating: false, count: bytes.count)
        for index in bytes.indices {
            if index == 0 {
                starts[index] = true
                continue
            }
            let previous = caseAware ? original[index - 1] : bytes[index - 1]
            let current = caseAware ? original[index] : bytes[index]
            if Self.isSeparator(previous) && !Self.isSeparator(current) {
                starts[index] = true
            } else if Self.isUpper(current) && Self.isLower(previous) {
                starts[index] = true
            } else if Self.isDigit(current) && !Self.isDigit(previous) {
                starts[index] = true
            }
        }
        wordStarts = starts
        self.weight = weight
        self.exactOnly = exactOnly
        self.abbreviations = abbreviations
    }

    static func isSeparator(_ byte: UInt8) -> Bool {
        !(isUpper(byte) || isLower(byte) || isDigit(byte) || byte >= 0x80)
    }
    static func isUpper(_ byte: UInt8) -> Bool { byte >= 0x41 && byte <= 0x5A }
    static func isLower(_ byte: UInt8) -> Bool { byte >= 0x61 && byte <= 0x7A }
    static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

    /// How well `token` matches this field, nil for not at all.
    func score(_ token: [UInt8]) -> Int? {
        guard !token.isEmpty, token.count <= bytes.count else { return nil }
        if token == bytes { return weight }
        if exactOnly { return nil }
        // The best substring occurrence: at a word start beats elsewhere; ending at a word's end adds a little.
        var best: Int?
        var start = 0
        while let found = find(token, from: start) {
            let end = found + token.count
            let wordEnd = end == bytes.count || wordStarts[end] || Self.isSeparator(bytes[end])
            // A field's start counts a little more than another word's: only a little, or a name that happens to
            // start with the word (`Refunds an application fee…`) outranks the path that is that word.
            var points: Int
            if found == 0 {
                points = 66
            } else if wordStarts[found] {
                points = 60
            } else {
                points = 35
            }
            if wordEnd && wordStarts[found] { points += 8 }
            // A match covering more of the field is a closer one (`/v1/refunds` over `/v1/refunds/{refund}` and
            // `/v1/application_fees/{id}/refunds`).
            points += 20 * token.count / bytes.count
            best = max(best ?? 0, points)
            if points >= 98 { break }
            start = found + 1
        }
        if let best { return best * weight / 100 }
        guard abbreviations, token.count >= 2, abbreviation(token) else { return nil }
        return 20 * weight / 100
    }

    /// The first index at or after `start` where `token` occurs.
    private func find(_ token: [UInt8], from start: Int) -> Int? {
        let first = token[0]
        let last = bytes.count - token.count
        guard start <= last else { return nil }
        var index = start
        while index <= last {
            if bytes[index] == first {
                var offset = 1
                while offset < token.count && bytes[index + offset] == token[offset] { offset += 1 }
                if offset == token.count { return index }
            }
            index += 1
        }
        return nil
    }

    /// Whether `token` is a run of pieces, each a prefix of a word of this field, in order (`pmd`, `custbal`).
    private func abbreviation(_ token: [UInt8]) -> Bool {
        // Cheap rejection first: the token's bytes must appear in order at all.
        var position = 0
        for byte in token {
            while position < bytes.count && bytes[position] != byte { position += 1 }
            guard position < bytes.count else { return false }
            position += 1
        }
        // Tries are bounded: a field with many word starts of the same letters gives up rather than take long.
        var budget = 256
        return abbreviation(token, 0, 0, &budget)
    }

    private func abbreviation(_ token: [UInt8], _ tokenIndex: Int, _ from: Int, _ budget: inout Int) -> Bool {
        if tokenIndex == token.count { return true }
        budget -= 1
        if budget < 0 { return false }
        var word = from
        while word < bytes.count {
            if wordStarts[word] && bytes[word] == token[tokenIndex] {
                // The longest piece of this word first, then shorter ones.
                var length = 1
                while tokenIndex + length < token.count && word + length < bytes.count
                    && !wordStarts[word + length] && bytes[word + length] == token[tokenIndex + length]
                {
                    length += 1
                }
                while length >= 1 {
                    if abbreviation(token, tokenIndex + length, word + length, &budget) { return true }
                    length -= 1
                }
            }
            word += 1
        }
        return false
    }
}
