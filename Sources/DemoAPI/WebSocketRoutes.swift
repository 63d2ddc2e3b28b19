import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdWebSocket
import Logging
import NIOCore

/// The demo API's WebSocket routes (hummingbird-websocket), upgraded before the HTTP router sees the request:
/// - `/ws/echo`: every message back as it came (text as text, binary as binary);
/// - `/ws/feed?count=&interval_ms=`: `count` JSON messages (default 5), one every `interval_ms` (default 1000),
///   `{"n":1,"of":5,"subprotocol":…}`, then a close (1000, `feed done`);
/// - subprotocols, on every route: of those the client offers (`Sec-WebSocket-Protocol`), the server chooses the
///   first it knows (`demo.v2`, then `demo.v1`) and answers it; none known, none answered.
enum WebSocketRoutes {
    /// The subprotocols the demo speaks, in its order of preference.
    static let subprotocols = ["demo.v2", "demo.v1"]

    /// Decides the upgrade of a request: which route, which subprotocol.
    @Sendable
    static func shouldUpgrade(_ request: HTTPRequest, _ channel: any Channel, _ logger: Logger) async throws
        -> ShouldUpgradeResult<WebSocketDataHandler<HTTP1WebSocketUpgradeChannel.Context>>
    {
        let target = request.path ?? "/"
        let components = URLComponents(string: target)
        let path = components?.path ?? target
        let query = Dictionary(
            (components?.queryItems ?? []).map { ($0.name, $0.value ?? "") }, uniquingKeysWith: { first, _ in first })
        let offered = request.headerFields[values: .secWebSocketProtocol]
            .flatMap { $0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) } }
        let chosen = subprotocols.first { offered.contains($0) }
        var headers = HTTPFields()
        if let chosen { headers[.secWebSocketProtocol] = chosen }
        switch path {
        case "/ws/echo":
            return .upgrade(headers) { inbound, outbound, _ in
                for try await message in inbound.messages(maxSize: 16 << 20) {
                    switch message {
                    case .text(let text): try await outbound.write(.text(text))
                    case .binary(let bytes): try await outbound.write(.binary(bytes))
                    }
                }
            }
        case "/ws/feed":
            let count = min(max(Int(query["count"] ?? "") ?? 5, 0), 10_000)
            let interval = min(max(Int(query["interval_ms"] ?? "") ?? 1000, 0), 60_000)
            return .upgrade(headers) { _, outbound, _ in
                for number in stride(from: 1, through: count, by: 1) {
                    if number > 1 { try await Task.sleep(for: .milliseconds(interval)) }
                    var fields = [#""n":\#(number)"#, #""of":\#(count)"#]
                    if let chosen { fields.append(#""subprotocol":"\#(chosen)""#) }
                    try await outbound.write(.text("{" + fields.joined(separator: ",") + "}"))
                }
                try await outbound.close(.normalClosure, reason: "feed done")
            }
        default:
            return .dontUpgrade
        }
    }
}
