extension String {
    /// This text with each scalar that `replacements` names replaced by its text, in one pass, compared scalar by
    /// scalar. Escapers must not use Foundation's `replacingOccurrences`: it will not match a character that is only
    /// part of a composed sequence, so a quote followed by a combining mark (`'` + U+0301) went through unescaped,
    /// and a shell, a YAML reader or a server (which all read bytes) saw the quote end the text there.
    package func replacingScalars(_ replacements: [Unicode.Scalar: String]) -> String {
        var output = String.UnicodeScalarView()
        for scalar in unicodeScalars {
            if let replacement = replacements[scalar] {
                output.append(contentsOf: replacement.unicodeScalars)
            } else {
                output.append(scalar)
            }
        }
        return String(output)
    }
}
