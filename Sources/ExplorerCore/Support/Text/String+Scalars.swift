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
        let needle = Array(target.utf8)
        guard let first = needle.first else { return self }
        var output: [UInt8] = []
        var found = false
        withContiguousUTF8 { bytes in
            var index = 0
            var copied = 0
            while index + needle.count <= bytes.count {
                if bytes[index] == first, bytes[index..<index + needle.count].elementsEqual(needle) {
                    if !found {
                        output.reserveCapacity(bytes.count)
                        found = true
                    }
                    output.append(contentsOf: bytes[copied..<index])
                    output.append(contentsOf: replacement.utf8)
                    index += needle.count
                    copied = index
                } else {
                    index += 1
                }
            }
            if found { output.append(contentsOf: bytes[copied...]) }
        }
        return found ? String(decoding: output, as: UTF8.self) : self
    }

    /// Calls `body` with this text's UTF-8 bytes, contiguous (a bridged or lazily built string is copied once).
    private func withContiguousUTF8(_ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        var text = self
        text.makeContiguousUTF8()
        _ = text.utf8.withContiguousStorageIfAvailable(body)
    }
}
