/// How a streamed body is cut into events (`EventStreamParser`).
public enum StreamMode: String, Sendable, Equatable {
    /// `text/event-stream`: the WHATWG event stream format.
    case serverSentEvents = "sse"
    /// A textual body of a `stream: true` endpoint: one event per line.
    case lines
    /// Any other body of a `stream: true` endpoint: one event per piece received.
    case chunks

    /// The mode of a response with this content type: server-sent events whenever the type says so; otherwise only
    /// when the endpoint (or profile) says `stream: true`, by lines for text and JSON types, else by chunks.
    package static func of(contentType: String?, forced: Bool) -> StreamMode? {
        let essence = contentType.map(MediaType.essence(of:))
        if essence == "text/event-stream" { return .serverSentEvents }
        guard forced else { return nil }
        return MediaType.isText(contentType) || MediaType.isJSON(contentType) || essence == "application/x-ndjson"
            ? .lines : .chunks
    }
}
