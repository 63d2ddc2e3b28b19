/// The fix for the JSONPath mistake people make most: a member name with `-` (or another character RFC 9535's
/// shorthand does not take) written after a dot, `$.headers.X-Request-Id`, which must be bracketed:
/// `$.headers['X-Request-Id']`.
enum JSONPathNameHint {
    /// The query with the dotted name that stops at `offset` bracketed, or nil when `offset` does not stop one.
    static func bracketed(_ query: String, stoppedAt offset: Int) -> String? {
        let scalars = Array(query.unicodeScalars)
        // A blank ends a query (what follows is more likely a second word than part of the name).
        guard offset > 0, offset < scalars.count, !scalars[offset].properties.isWhitespace else { return nil }
        // Back to the dot that starts the name (letters, digits, `_` and non-ASCII only between them).
        var dot = offset - 1
        while dot > 0, isNameScalar(scalars[dot]) { dot -= 1 }
        guard scalars[dot] == ".", dot < offset - 1, dot == 0 || scalars[dot - 1] != "." else { return nil }
        // On to where the name ends: the next `.` or `[`, or the end.
        var end = offset
        while end < scalars.count, scalars[end] != ".", scalars[end] != "[" { end += 1 }
        let name = scalars[(dot + 1)..<end]
        guard !name.contains("'"), !name.contains("\\"), !name.contains(where: { $0.value < 0x20 }) else { return nil }
        var fixed = String.UnicodeScalarView(scalars[..<dot])
        fixed.append(contentsOf: "['".unicodeScalars)
        fixed.append(contentsOf: name)
        fixed.append(contentsOf: "']".unicodeScalars)
        fixed.append(contentsOf: scalars[end...])
        return String(fixed)
    }

    private static func isNameScalar(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar) || scalar == "_"
            || scalar.value >= 0x80
    }
}
