import Hummingbird
import NIOCore

/// Bodies for transfer tests: large and slow downloads, a stalled body, delays and a streaming upload sink.
struct TransferRoutes {
    /// Largest `/bytes/{n}` (1 TiB: effectively unbounded, but a typo cannot ask for exabytes).
    static let maxDownload = 1 << 40
    /// Largest body of the slow routes (`/drip`, `/stall`).
    static let maxSlowBytes = 1 << 30
    /// Longest wait any timing parameter may ask for, in seconds.
    static let maxWait = 600.0

    func register(on router: Router<BasicRequestContext>) {
        router.get("/bytes/:n") { _, context in
            guard let count = context.parameters.get("n", as: Int.self), (0...Self.maxDownload).contains(count) else {
                throw DemoError.badRequest("the byte count must be an integer in 0...\(Self.maxDownload)")
            }
            return Response.stream(length: count, contentType: "application/octet-stream") { writer in
                try await BytePattern.write(count: count, to: &writer)
            }
        }
        router.get("/drip") { request, _ in try await drip(request) }
        router.get("/stall") { request, _ in try stall(request) }
        for method in EchoRoutes.methods {
            router.on("/delay/:seconds", method: method) { request, context in
                let text = context.parameters.get("seconds") ?? ""
                let seconds = try Request.seconds(text, named: "the delay", in: 0...Self.maxWait)
                try await ServerShutdown.sleep(for: .seconds(seconds))
                return Response.json(["delay": .double(seconds)]).forMethod(request.method)
            }
        }
        router.post("/upload") { request, _ in try await upload(request) }
        router.put("/upload") { request, _ in try await upload(request) }
    }

    /// `/drip?bytes=N&duration=S&delay=S`: waits `delay`, sends the head, then spreads N pattern bytes evenly
    /// over `duration` seconds (about 20 writes a second, so progress moves smoothly), the last at `duration`.
    private func drip(_ request: Request) async throws -> Response {
        let count = try request.query("bytes", in: 0...Self.maxSlowBytes) ?? 10
        let duration = try request.querySeconds("duration", in: 0...Self.maxWait) ?? 2
        let delay = try request.querySeconds("delay", in: 0...Self.maxWait) ?? 0
        try await ServerShutdown.sleep(for: .seconds(delay))
        let steps = count == 0 ? 0 : min(count, max(1, Int((duration * 20).rounded(.up))))
        return Response.stream(length: count, contentType: "application/octet-stream") { writer in
            let start = ContinuousClock.now
            var sent = 0
            for step in stride(from: 1, through: steps, by: 1) {
                try await ServerShutdown.sleep(until: start + .seconds(duration * Double(step) / Double(steps)))
                let end = count * step / steps
                try await BytePattern.write(from: sent, count: end - sent, to: &writer)
                sent = end
            }
        }
    }

    /// `/stall?bytes=N`: promises N + 1000 bytes, sends N, then waits until the client goes away or the server
    /// stops. Either way the handler throws, which makes Hummingbird close the connection mid-body.
    private func stall(_ request: Request) throws -> Response {
        let count = try request.query("bytes", in: 0...Self.maxSlowBytes) ?? 1024
        let body = ResponseBody(contentLength: count + 1000) { writer in
            try await BytePattern.write(count: count, to: &writer)
            // The request's inbound stream ends when the client closes the connection: that cancels the wait.
            try await request.body.consumeWithCancellationOnInboundClose { _ in
                try await ServerShutdown.waitForever()
            }
        }
        return Response(status: .ok, headers: [.contentType: "application/octet-stream"], body: body)
    }

    /// `POST|PUT /upload`: streams the body to nowhere and reports its size and CRC-32, computed as it arrives
    /// (memory stays flat for uploads of any size).
    private func upload(_ request: Request) async throws -> Response {
        var byteCount = 0
        var crc = CRC32()
        for try await chunk in request.body {
            byteCount += chunk.readableBytes
            crc.update(chunk)
        }
        return Response.json([
            "bytes": .int(byteCount),
            "crc32": .string(crc.hex),
            "content_type": .string(orNull: request.headers[.contentType]),
        ])
    }
}
