extension UnsafeRawBufferPointer {
    /// These bytes with every occurrence of `needle` replaced by `replacement`, found left to right, not overlapping;
    /// nil when there is none (the caller keeps what it has, uncopied). Text and bodies are masked by bytes, not by
    /// Foundation's character search, which skips a match whose last character joins the next (`String.replacingBytes`,
    /// `HistorySecrets.scrub`).
    package func replacing(_ needle: [UInt8], with replacement: [UInt8]) -> [UInt8]? {
        guard let first = needle.first, needle.count <= count else { return nil }
        var output: [UInt8] = []
        var found = false
        var index = 0
        var copied = 0
        while index + needle.count <= count {
            if self[index] == first, self[index..<index + needle.count].elementsEqual(needle) {
                if !found {
                    output.reserveCapacity(count)
                    found = true
                }
                output.append(contentsOf: self[copied..<index])
                output.append(contentsOf: replacement)
                index += needle.count
                copied = index
            } else {
                index += 1
            }
        }
        guard found else { return nil }
        output.append(contentsOf: self[copied...])
        return output
    }
}
