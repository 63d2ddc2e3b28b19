/// The one status line of a response, for `apix run` (stderr) and the TUI's response pane.
extension Response {
    /// `HTTP/1.1 200 OK`: version, code and reason (the reason is the server's: escape it before a terminal).
    package var statusText: String { "\(httpVersion) \(statusLine)" }

    /// The figures after the status: the one total (`Metrics.total`) and the body's size, `12.0 ms · 3.40 KiB`
    /// (`485 B (4.17 KiB decoded)` for a body that came compressed).
    package var figuresText: String { figuresText(bodyBytes: nil) }

    /// `figuresText` with the body's size as received given (`bodyBytes`): a recorded answer's body is kept with its
    /// secrets masked, so its length is not what came.
    func figuresText(bodyBytes: Int64?) -> String {
        let size =
            metrics.decoding?.sizeText ?? bodyBytes.map(Units.bytes) ?? BodyDecoding.sizeText(of: body, decoding: nil)
        return "\(Units.duration(metrics.total)) · \(size)"
    }

    /// `HTTP/1.1 200 OK · 12.0 ms · 3.40 KiB`, then where the answer came from when not from the server
    /// (`· from the cache, 12 s old`); `age` is how old a cached answer is now (default: when it arrived);
    /// `bodyBytes`: the size the body came with, when the body at hand is not it (a recorded answer).
    package func summaryLine(age: Duration? = nil, bodyBytes: Int64? = nil) -> String {
        var parts = [statusText, figuresText(bodyBytes: bodyBytes)]
        if let note = source.note(age: age ?? self.age ?? .zero) { parts.append(note) }
        return parts.joined(separator: " · ")
    }
}
