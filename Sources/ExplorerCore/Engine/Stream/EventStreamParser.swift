import Foundation

/// Turns the bytes of a streamed body into events as they arrive, chunk by chunk.
///
/// `.serverSentEvents` follows the WHATWG HTML "event stream interpretation": lines end with CR, LF or CRLF (also
/// split across chunks); a leading BOM is skipped; `field: value` drops one space after the colon; `data` lines are
/// joined with LF; `event` sets the type (`message` by default); `id` sets the last event ID unless it holds a NUL;
/// `retry` takes ASCII digits only (shown with the next event dispatched); a line starting with a colon is a
/// comment; a blank line dispatches the event (none when its data is empty); an event not ended by a blank line when
/// the stream ends is dropped.
/// `.lines` makes each line (LF or CRLF) an event of type `chunk`, a last line without a line end included;
/// `.chunks` makes each piece the transport hands over one.
///
/// Memory is bounded: a line or an event's data past `maxEventBytes` is cut there (the rest of it is skipped).
struct EventStreamParser {
    /// One event, before the stream gives it a number and a time.
    struct Parsed: Equatable {
        var type: String
        var id: String
        var data: String
        var retry: Int?
    }

    /// The most bytes of one line, or of one event's data, that are kept.
    static let maxEventBytes = 1 << 20

    let mode: StreamMode
    private var line: [UInt8] = []
    /// The line being read passed `maxEventBytes`: the rest of it is skipped.
    private var lineCut = false
    /// The previous chunk ended with CR: an LF first in the next one belongs to it.
    private var afterCR = false
    /// Nothing but a part of a BOM was read yet (server-sent events only).
    private var atStart: Bool
    private var held: [UInt8] = []
    private var data: [UInt8] = []
    private var hasData = false
    private var type = ""
    private var lastEventID = ""
    private var retry: Int?

    private static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

    init(mode: StreamMode) {
        self.mode = mode
        atStart = mode == .serverSentEvents
    }

    /// The events these bytes complete.
    mutating func feed(_ bytes: some Collection<UInt8>) -> [Parsed] {
        Array(bytes).withUnsafeBytes { feed($0) }
    }

    /// The events these bytes complete. Lines are found with `memchr` and copied whole: the transport's pieces are
    /// up to 100 KiB, and a stream may bring megabytes a second.
    mutating func feed(_ bytes: UnsafeRawBufferPointer) -> [Parsed] {
        var events: [Parsed] = []
        if mode == .chunks {
            if !bytes.isEmpty {
                events.append(Parsed(type: "chunk", id: "", data: Self.text(bytes.prefix(Self.maxEventBytes))))
            }
            return events
        }
        var index = 0
        while atStart, index < bytes.count {
            // A BOM (EF BB BF) first is skipped: its bytes are held until it is known whether they are one.
            held.append(bytes[index])
            index += 1
            if held == Array(Self.byteOrderMark.prefix(held.count)) {
                if held.count == Self.byteOrderMark.count {
                    atStart = false
                    held.removeAll()
                }
                continue
            }
            releaseHeld(into: &events)
        }
        guard let base = bytes.baseAddress else { return events }
        while index < bytes.count {
            if afterCR {
                afterCR = false
                if bytes[index] == 0x0A {
                    index += 1
                    continue
                }
            }
            var end = memchr(base + index, 0x0A, bytes.count - index).map { base.distance(to: $0) } ?? bytes.count
            if mode == .serverSentEvents, let cr = memchr(base + index, 0x0D, end - index) {
                end = base.distance(to: cr)
            }
            append(UnsafeRawBufferPointer(rebasing: bytes[index..<end]))
            guard end < bytes.count else { break }
            afterCR = bytes[end] == 0x0D
            endLine(into: &events)
            index = end + 1
        }
        return events
    }

    /// Adds to the line being read, up to `maxEventBytes`.
    private mutating func append(_ bytes: UnsafeRawBufferPointer) {
        let room = Self.maxEventBytes - line.count
        if bytes.count <= room {
            line.append(contentsOf: bytes)
        } else {
            line.append(contentsOf: bytes.prefix(max(0, room)))
            lineCut = true
        }
    }

    /// The end of the stream: a line without its line end still counts for `.lines`; an unfinished server-sent
    /// event is dropped.
    mutating func finish() -> [Parsed] {
        var events: [Parsed] = []
        releaseHeld(into: &events)
        if mode == .lines, !line.isEmpty || lineCut {
            events.append(Parsed(type: "chunk", id: "", data: Self.text(line)))
        }
        line.removeAll()
        lineCut = false
        return events
    }

    private mutating func releaseHeld(into events: inout [Parsed]) {
        atStart = false
        let bytes = held
        held.removeAll()
        for byte in bytes { take(byte, into: &events) }
    }

    private mutating func take(_ byte: UInt8, into events: inout [Parsed]) {
        if afterCR {
            afterCR = false
            if byte == 0x0A { return }
        }
        if byte == 0x0A || (byte == 0x0D && mode == .serverSentEvents) {
            afterCR = byte == 0x0D
            endLine(into: &events)
            return
        }
        if line.count < Self.maxEventBytes {
            line.append(byte)
        } else {
            lineCut = true
        }
    }

    private mutating func endLine(into events: inout [Parsed]) {
        defer {
            line.removeAll(keepingCapacity: line.count <= 4096)
            lineCut = false
        }
        if mode == .lines {
            if line.last == 0x0D { line.removeLast() }
            events.append(Parsed(type: "chunk", id: "", data: Self.text(line)))
            return
        }
        if line.isEmpty {
            dispatch(into: &events)
            return
        }
        if line.first == UInt8(ascii: ":") { return }
        let field: ArraySlice<UInt8>
        var value: ArraySlice<UInt8>
        if let colon = line.firstIndex(of: UInt8(ascii: ":")) {
            field = line[..<colon]
            value = line[(colon + 1)...]
            if value.first == UInt8(ascii: " ") { value = value.dropFirst() }
        } else {
            field = line[...]
            value = []
        }
        switch String(decoding: field, as: UTF8.self) {
        case "event":
            type = Self.text(value)
        case "data":
            if hasData, data.count < Self.maxEventBytes { data.append(0x0A) }
            hasData = true
            data.append(contentsOf: value.prefix(max(0, Self.maxEventBytes - data.count)))
        case "id":
            if !value.contains(0) { lastEventID = Self.text(value) }
        case "retry":
            if !value.isEmpty, value.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) {
                retry = Int(String(decoding: value.prefix(18), as: UTF8.self))
            }
        default:
            break
        }
    }

    private mutating func dispatch(into events: inout [Parsed]) {
        defer {
            data.removeAll()
            hasData = false
            type = ""
        }
        // The spec drops an event whose data buffer is empty (no `data:` line); its `id:` still took effect, and
        // its `retry:` is shown with the next event that is dispatched.
        guard hasData else { return }
        events.append(
            Parsed(type: type.isEmpty ? "message" : type, id: lastEventID, data: Self.text(data), retry: retry))
        retry = nil
    }

    private static func text(_ bytes: some Collection<UInt8>) -> String {
        String(decoding: bytes, as: UTF8.self)
    }
}
