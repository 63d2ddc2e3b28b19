/// The one status line of a response, for `apix run` (stderr) and the TUI's response pane.
extension Response {
    /// `HTTP/1.1 200 OK`: version, code and reason (the reason is the server's: escape it before a terminal).
    public var statusText: String { "\(httpVersion) \(statusLine)" }

    /// The figures after the status: the one total (`Metrics.total`) and the body's size, `12.0 ms · 3.40 KiB`
    /// (`485 B (4.17 KiB decoded)` for a body that came compressed).
    public var figuresText: String {
        "\(Units.duration(metrics.total)) · \(BodyDecoding.sizeText(of: body, decoding: metrics.decoding))"
    }

    /// `HTTP/1.1 200 OK · 12.0 ms · 3.40 KiB`, then where the answer came from when not from the server
    /// (`· from the cache, 12 s old`); `age` is how old a cached answer is now (default: when it arrived).
    public func summaryLine(age: Duration? = nil) -> String {
        var parts = [statusText, figuresText]
        if let note = source.note(age: age ?? self.age ?? .zero) { parts.append(note) }
        return parts.joined(separator: " · ")
    }
}
