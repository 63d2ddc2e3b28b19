import Foundation

/// One event of a streamed response: a server-sent event (`text/event-stream`), or a line or chunk of a body the
/// endpoint marks `stream: true` (type `chunk`).
public struct StreamEvent: Sendable, Equatable {
    /// 1 for the first event of the response, counting every event, also those the ring no longer holds.
    public var number: Int
    /// When the event was dispatched (its blank line, line end or chunk arrived).
    public var time: Date
    /// The `event:` field; `message` when the server gave none, `chunk` for a body that is not server-sent events.
    public var type: String
    /// The last event ID (`id:`) as of this event, as the spec keeps it: it carries over to later events.
    public var id: String
    /// The `data:` lines joined with line feeds, or the line or chunk's text.
    public var data: String
    /// The `retry:` reconnection time the server asked for with this event, in milliseconds.
    public var retry: Int?

    package init(number: Int, time: Date, type: String, id: String = "", data: String, retry: Int? = nil) {
        self.number = number
        self.time = time
        self.type = type
        self.id = id
        self.data = data
        self.retry = retry
    }

    /// The data as JSON when it parses as a JSON object or array (a bare number or word stays text).
    public var json: JSONValue? {
        let trimmed = data.drop { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
        guard let first = trimmed.first, first == "{" || first == "[" else { return nil }
        return try? JSONValue.parse(data)
    }
}
