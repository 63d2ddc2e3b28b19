import Hummingbird
import NIOCore

/// Server-sent events (`text/event-stream`) for the streaming views and tests.
struct EventRoutes {
    /// Most events a finite stream may ask for; `count=0` never ends.
    static let maxCount = 1_000_000
    /// Longest pause between events, in milliseconds.
    static let maxInterval = 60_000
    /// Largest `pad` (filler characters in each event's JSON).
    static let maxPad = 1 << 20

    func register(on router: Router<BasicRequestContext>) {
        router.get("/events") { request, _ in try events(request) }
    }

    /// `/events?count=5&interval_ms=200&pad=0`: a `retry:` line and a comment first, then `count` events
    /// `interval_ms` apart (`count=0`: for ever, until the client goes away or the server stops). Every event has
    /// an `id:`; most are `event: tick` with JSON data (`{"n": …, "pad": …}`), every third is `event: note` with
    /// two `data:` lines; a `: heartbeat` comment goes between events.
    private func events(_ request: Request) throws -> Response {
        let count = try request.query("count", in: 0...Self.maxCount) ?? 5
        let interval = try request.query("interval_ms", in: 0...Self.maxInterval) ?? 200
        let pad = try request.query("pad", in: 0...Self.maxPad) ?? 0
        let filler = String(repeating: "x", count: pad)
        let body = ResponseBody { writer in
            try await writer.write(ByteBuffer(string: ": apix demo events\nretry: 3000\n\n"))
            var number = 1
            while count == 0 || number <= count {
                try ServerShutdown.throwIfStopping()
                if interval > 0 {
                    try await ServerShutdown.sleep(for: .milliseconds(interval))
                } else {
                    // As fast as the client reads, without holding a thread the server's other work needs.
                    await Task.yield()
                }
                try await writer.write(ByteBuffer(string: Self.event(number, filler: filler)))
                number += 1
            }
            try await writer.finish(nil)
        }
        return Response(
            status: .ok, headers: [.contentType: "text/event-stream", .cacheControl: "no-cache"], body: body)
    }

    /// Event `number`, followed by a heartbeat comment.
    static func event(_ number: Int, filler: String) -> String {
        if number % 3 == 0 {
            return "id: \(number)\nevent: note\ndata: note \(number), line one\ndata: line two\n\n: heartbeat\n"
        }
        return "id: \(number)\nevent: tick\ndata: {\"n\": \(number), \"pad\": \"\(filler)\"}\n\n: heartbeat\n"
    }
}
