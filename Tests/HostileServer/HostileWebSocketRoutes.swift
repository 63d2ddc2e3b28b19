import ExplorerCore
import Foundation

/// Broken WebSocket servers (docs/WEBSOCKET.md, SECURITY.md): a valid upgrade (`101` with the right
/// `Sec-WebSocket-Accept`), then raw frames no real server library would write.
extension HostileRoutes {
    static let webSocket: [String: HostileRoute] = [
        "/ws-masked": upgraded { $0.write(frame(0x1, Array("masked".utf8), masked: true)) },
        "/ws-reserved-opcode": upgraded { $0.write(frame(0x3, [])) },
        "/ws-rsv-bits": upgraded { $0.write(frame(0x1, Array("rsv".utf8), rsv: 0x20)) },
        "/ws-fragmented-ping": upgraded { $0.write(frame(0x9, [], fin: false)) },
        "/ws-long-ping": upgraded { $0.write(frame(0x9, [UInt8](repeating: 0x70, count: 126))) },
        "/ws-invalid-utf8": upgraded { connection in
            // "a" and a lead byte, then a continuation byte past U+10FFFF in the next fragment.
            connection.write(frame(0x1, [0x61, 0xF4], fin: false))
            _ = connection.pause(milliseconds: 50)
            connection.write(frame(0x0, [0x90, 0x80, 0x80]))
        },
        "/ws-huge-length": upgraded { connection in
            // A 64-bit length with its top bit set (2^63), and nothing after it.
            connection.write([0x82, 127, 0x80, 0, 0, 0, 0, 0, 0, 0])
        },
        "/ws-oversized": upgraded { connection in
            // 2^40 bytes announced: over any max_message, refused before any payload.
            connection.write([0x82, 127, 0, 0, 0x01, 0, 0, 0, 0, 0])
        },
        "/ws-never-closes": upgraded(closes: false) { $0.write(frame(0x1, Array("hello".utf8))) },
        "/ws-ping-flood": upgraded { connection in
            var flood: [UInt8] = []
            for index in 0..<200_000 { flood += frame(0x9, Array(String(index % 1000).utf8)) }
            connection.write(flood)
            connection.write(frame(0x8, [0x03, 0xE8] + Array("flood over".utf8)))
        },
        "/ws-slow-close": upgraded { connection in
            // A ping every 250 ms for 6 s, then the close: longer than apix's 5 s close wait, but never silent.
            for index in 0..<24 {
                guard connection.write(frame(0x9, Array(String(index).utf8))), connection.pause(milliseconds: 250)
                else { return }
            }
            connection.write(frame(0x8, [0x03, 0xE8] + Array("slow goodbye".utf8)))
        },
        "/ws-endless-pings": upgraded(closes: false) { connection in
            // A ping every 200 ms and never a close (for at most a minute, or until apix leaves).
            for index in 0..<300 {
                guard connection.write(frame(0x9, Array(String(index).utf8))), connection.pause(milliseconds: 200)
                else { return }
            }
        },
        "/ws-deflate-bomb": upgraded(deflate: true) { connection in
            connection.write(frame(0x2, deflateBomb, rsv: 0x40))
        },
        "/ws-escapes": upgraded { connection in
            connection.write(frame(0x1, Array(("text " + escapes).utf8)))
            connection.write(frame(0x8, [0x0F, 0xA0] + Array(("bye " + escapes).utf8.prefix(100))))
        },
        // The same escapes in a JSON message the session ends on normally (1000), so `apix test` checks it.
        "/ws-escapes-json": upgraded { connection in
            let message = JSONValue.object(["name": .string("json " + escapes)]).serialized()
            connection.write(frame(0x1, Array(message.utf8)))
            connection.write(frame(0x8, [0x03, 0xE8] + Array(("bye " + escapes).utf8.prefix(100))))
        },
    ]

    /// 256 MiB of zeros as one permessage-deflate message (about 256 KiB on the wire). Made on first use, which
    /// takes seconds in a debug build on a loaded machine: tests make it before starting apix, so its wait for the
    /// server's close is not spent on it.
    package static let deflateBomb = GzipBomb.zeros(megabytes: 256, raw: true)

    /// Answers the upgrade with a valid 101 (`deflate`: accepting permessage-deflate), runs `frames`, then reads
    /// until the client leaves; `closes`: answers the client's close first (a server that does not, never
    /// answers it).
    static func upgraded(
        deflate: Bool = false, closes: Bool = true, _ frames: @escaping @Sendable (HostileConnection) -> Void
    ) -> HostileRoute {
        HostileRoute { connection in
            let key =
                connection.head.split(separator: "\r\n").first { $0.lowercased().hasPrefix("sec-websocket-key:") }
                .map { $0.dropFirst("sec-websocket-key:".count).trimmingCharacters(in: .whitespaces) } ?? ""
            var head = [
                "HTTP/1.1 101 Switching Protocols", "Upgrade: websocket", "Connection: Upgrade",
                "Sec-WebSocket-Accept: \(WebSocketHandshake.accept(for: key))",
            ]
            if deflate { head.append("Sec-WebSocket-Extensions: permessage-deflate") }
            guard connection.write((head.joined(separator: "\r\n") + "\r\n\r\n")) else { return }
            frames(connection)
            if closes { connection.answerCloseThenLeave() } else { connection.waitForClientToLeave() }
        }
    }

    /// A server frame: FIN, RSV bits as given (0x40 RSV1, 0x20 RSV2, 0x10 RSV3), masked when asked (servers must
    /// not).
    static func frame(
        _ opcode: UInt8, _ payload: [UInt8], fin: Bool = true, rsv: UInt8 = 0, masked: Bool = false
    ) -> [UInt8] {
        var bytes: [UInt8] = [(fin ? 0x80 : 0) | rsv | opcode]
        let maskBit: UInt8 = masked ? 0x80 : 0
        switch payload.count {
        case 0...125: bytes.append(maskBit | UInt8(payload.count))
        case 126...0xFFFF: bytes += [maskBit | 126, UInt8(payload.count >> 8), UInt8(payload.count & 0xFF)]
        default:
            bytes.append(maskBit | 127)
            bytes += stride(from: 56, through: 0, by: -8).map { UInt8(truncatingIfNeeded: UInt64(payload.count) >> $0) }
        }
        guard masked else { return bytes + payload }
        let key: [UInt8] = [0x12, 0x34, 0x56, 0x78]
        return bytes + key + payload.enumerated().map { $0.element ^ key[$0.offset & 3] }
    }
}

extension HostileConnection {
    /// Reads the client's frames until its close arrives (answered with a close 1000) or it leaves; a server that
    /// plays its part in the closing handshake, whatever it sent before.
    public func answerCloseThenLeave() {
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while received.count < 64 << 20 {
            let count = read(socket, &buffer, buffer.count)
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return }
            received += buffer[0..<count]
            if Self.containsClose(received) {
                // The server ends TCP first (RFC 6455 §7.1.1), so the client need not wait for it.
                write(HostileRoutes.frame(0x8, [0x03, 0xE8]))
                shutdown(socket, Int32(SHUT_WR))
                waitForClientToLeave()
                return
            }
        }
    }

    /// Whether the client frames in `bytes` include a close (walking frame headers; client frames are masked).
    static func containsClose(_ bytes: [UInt8]) -> Bool {
        var index = 0
        while index + 2 <= bytes.count {
            let opcode = bytes[index] & 0x0F
            var length = Int(bytes[index + 1] & 0x7F)
            var header = 2
            if length == 126 {
                guard index + 4 <= bytes.count else { return false }
                length = Int(bytes[index + 2]) << 8 | Int(bytes[index + 3])
                header = 4
            } else if length == 127 {
                guard index + 10 <= bytes.count else { return false }
                length = bytes[index + 2..<index + 10].reduce(0) { $0 << 8 | Int($1) }
                header = 10
            }
            if bytes[index + 1] & 0x80 != 0 { header += 4 }
            if opcode == 0x8 { return true }
            index += header + length
        }
        return false
    }
}
