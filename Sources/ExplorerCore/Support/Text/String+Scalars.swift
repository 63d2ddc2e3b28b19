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

extension String {
    /// This text with every occurrence of `target` replaced, found byte for byte in UTF-8 (left to right, not
    /// overlapping). A match found this way always starts and ends between scalars (UTF-8 is self-synchronizing),
    /// where Foundation's search skips a match whose last character joins the next (a secret followed by a combining
    /// mark stayed in the text it was to be masked in).
    package func replacingBytes(of target: String, with replacement: String) -> String {
        var text = self
        text.makeContiguousUTF8()
        let replaced = text.utf8.withContiguousStorageIfAvailable {
            UnsafeRawBufferPointer($0).replacing(Array(target.utf8), with: Array(replacement.utf8))
        }
        guard let bytes = replaced ?? nil else { return self }
        return String(decoding: bytes, as: UTF8.self)
    }
}
