import Foundation

/// One frame of a WebSocket session as a transcript keeps it (`WebSocketTranscript`): when, which way, what kind,
/// how big, and the first `WebSocketTranscript.previewLimit` bytes of its payload. The TUI's conversation view and
/// the history show frames from it, through `displayLines`.
package struct WebSocketFrameRecord: Sendable, Equatable {
    package enum Direction: String, Sendable, Equatable {
        case sent, received

        /// `↑` for what apix sent, `↓` for what the server sent.
        package var arrow: String { self == .sent ? "↑" : "↓" }
    }

    package enum Kind: String, Sendable, Equatable {
        case text, binary, ping, pong, close

        /// Pings, pongs and closes: shown dimmed, counted apart from messages.
        package var isControl: Bool { self == .ping || self == .pong || self == .close }
    }

    /// 1 for the session's first frame, counting those the ring no longer keeps.
    package var number: Int
    /// Time since the session opened.
    package var elapsed: Duration
    package var direction: Direction
    package var kind: Kind
    /// The payload's whole size in bytes.
    package var size: Int
    /// The payload's first bytes (all of it up to the preview limit).
    package var payload: [UInt8]
    /// A close frame's code (and its reason is the payload).
    package var closeCode: UInt16?

    package init(
        number: Int, elapsed: Duration, direction: Direction, kind: Kind, size: Int, payload: [UInt8],
        closeCode: UInt16? = nil
    ) {
        self.number = number
        self.elapsed = elapsed
        self.direction = direction
        self.kind = kind
        self.size = size
        self.payload = payload
        self.closeCode = closeCode
    }

    /// Whether the payload kept is shorter than the frame's (a close's size counts its 2-byte code, kept apart).
    package var isCut: Bool { kind != .close && payload.count < size }

    /// `+1.250s  ↓ text  12 B`: time since open, direction, type, size (a close adds its code and reason), made safe
    /// for a terminal.
    package var headline: String {
        var parts = ["+" + Self.seconds(elapsed), direction.arrow + " " + kind.rawValue, Units.bytes(Int64(size))]
        if kind == .close {
            let reason = String(decoding: payload, as: UTF8.self)
            parts.append(
                (closeCode.map { String($0) } ?? "no code") + (reason.isEmpty ? "" : " " + SafeText.escape(reason)))
        }
        if isCut { parts.append("(first \(Units.bytes(Int64(payload.count))) kept)") }
        return parts.joined(separator: "  ")
    }

    /// The payload as shown under the headline: text as JSON pretty-printed when it is JSON, else line by line
    /// through `SafeText`; binary as hex, 16 bytes a line; nothing for control frames.
    package var dataLines: [String] {
        switch kind {
        case .ping, .pong, .close:
            return []
        case .binary:
            return stride(from: 0, to: payload.count, by: 16).map { start in
                let row = payload[start..<min(payload.count, start + 16)]
                return "  " + row.map { Self.hex($0) }.joined(separator: " ")
            }
        case .text:
            if !isCut, let json = try? JSONValue.parse(payload), json.objectValue != nil || json.arrayValue != nil {
                return json.serialized(pretty: true).split(separator: "\n", omittingEmptySubsequences: false).map {
                    "  " + $0
                }
            }
            let text = String(decoding: payload, as: UTF8.self)
            return text.split(separator: "\n", omittingEmptySubsequences: false).map { "  " + SafeText.escape($0) }
        }
    }

    /// The headline, then the data lines: the block the conversation view and `apix history show` print.
    package var displayLines: [String] { [headline] + dataLines }

    /// The frame as one JSON object (a transcript file's line, the history's record): `n`, `t` (seconds since
    /// open), `dir` (`sent`/`received`), `type`, `size`, then `data` (text) or `base64` (binary), `code` and
    /// `reason` (close), and `cut: true` when only the first bytes were kept.
    package var jsonObject: JSONValue {
        var members = JSONObject()
        members.append(key: "n", value: .number(String(number)))
        members.append(key: "t", value: .number(Self.seconds(elapsed, unit: false)))
        members.append(key: "dir", value: .string(direction.rawValue))
        members.append(key: "type", value: .string(kind.rawValue))
        members.append(key: "size", value: .number(String(size)))
        switch kind {
        case .text: members.append(key: "data", value: .string(String(decoding: payload, as: UTF8.self)))
        case .binary: members.append(key: "base64", value: .string(Data(payload).base64EncodedString()))
        case .close:
            if let closeCode { members.append(key: "code", value: .number(String(closeCode))) }
            members.append(key: "reason", value: .string(String(decoding: payload, as: UTF8.self)))
        case .ping, .pong: break
        }
        if isCut { members.append(key: "cut", value: .bool(true)) }
        return .object(members)
    }

    /// A frame read back from `jsonObject`'s shape; nil when the object is not one.
    package init?(json: JSONValue) {
        // A time no `Duration` holds (a damaged record) makes no frame rather than a trap.
        guard let number = json["n"]?.intValue, let time = json["t"]?.doubleValue, time.isFinite, abs(time) < 1e12,
            let direction = json["dir"]?.stringValue.flatMap(Direction.init(rawValue:)),
            let kind = json["type"]?.stringValue.flatMap(Kind.init(rawValue:)), let size = json["size"]?.intValue
        else { return nil }
        var payload: [UInt8] = []
        if let text = json["data"]?.stringValue ?? json["reason"]?.stringValue { payload = Array(text.utf8) }
        if let base64 = json["base64"]?.stringValue, let data = Data(base64Encoded: base64) { payload = Array(data) }
        self.init(
            number: number, elapsed: .milliseconds(Int64((time * 1000).rounded())), direction: direction, kind: kind,
            size: size, payload: payload, closeCode: json["code"]?.intValue.map { UInt16(clamping: $0) })
    }

    /// `1.250s` (or `1.250` without the unit), milliseconds kept.
    static func seconds(_ duration: Duration, unit: Bool = true) -> String {
        let millis = max(0, Int64(duration.milliseconds.rounded(.down)))
        let fraction = millis % 1000
        let text = "\(millis / 1000).\(fraction < 10 ? "00" : fraction < 100 ? "0" : "")\(fraction)"
        return unit ? text + "s" : text
    }

    private static func hex(_ byte: UInt8) -> String {
        let digits = Array("0123456789abcdef")
        return String([digits[Int(byte >> 4)], digits[Int(byte & 0x0f)]])
    }
}
