import Foundation
import Testing

@testable import ExplorerCore

/// The WHATWG "event stream interpretation", case by case, and the line and chunk modes of `stream: true`.
@Suite("Server-sent events parser")
struct EventStreamParserTests {
    typealias Parsed = EventStreamParser.Parsed

    /// Everything `text` gives, fed in pieces of `piece` bytes, then the end of the stream.
    static func parse(_ text: String, mode: StreamMode = .serverSentEvents, piece: Int = .max) -> [Parsed] {
        parse(Array(text.utf8), mode: mode, piece: piece)
    }

    static func parse(_ bytes: [UInt8], mode: StreamMode = .serverSentEvents, piece: Int = .max) -> [Parsed] {
        var parser = EventStreamParser(mode: mode)
        var events: [Parsed] = []
        var start = 0
        while start < bytes.count {
            let end = min(bytes.count, start + max(1, min(piece, bytes.count)))
            events += parser.feed(bytes[start..<end])
            start = end
        }
        return events + parser.finish()
    }

    @Test("LF, CR and CRLF all end lines, also when a CRLF is split between two chunks", arguments: [1, 2, 3, 1000])
    func lineEnds(piece: Int) {
        let expected = [
            Parsed(type: "message", id: "", data: "one"), Parsed(type: "message", id: "", data: "two"),
            Parsed(type: "message", id: "", data: "three"),
        ]
        #expect(Self.parse("data: one\n\ndata: two\r\rdata: three\r\n\r\n", piece: piece) == expected)
    }

    @Test("data lines are joined with LF; a data line without a colon adds an empty line")
    func dataLines() {
        let events = Self.parse("data: first\ndata\ndata:  third\n\n")
        #expect(events == [Parsed(type: "message", id: "", data: "first\n\n third")])
    }

    @Test("one space after the colon is dropped, no more; a value may hold colons")
    func oneSpace() {
        #expect(Self.parse("data:no space\n\n").first?.data == "no space")
        #expect(Self.parse("data:  two spaces\n\n").first?.data == " two spaces")
        #expect(Self.parse("data: a: b\n\n").first?.data == "a: b")
    }

    @Test("event sets the type for one event; without it the type is message")
    func eventType() {
        let events = Self.parse("event: update\ndata: 1\n\ndata: 2\n\n")
        #expect(events.map(\.type) == ["update", "message"])
    }

    @Test("id carries over to later events; an id holding NUL is ignored; an empty id resets it")
    func ids() {
        let events = Self.parse("id: 7\ndata: a\n\ndata: b\n\nid: 8\u{0}x\ndata: c\n\nid\ndata: d\n\n")
        #expect(events.map(\.id) == ["7", "7", "7", ""])
    }

    @Test("retry takes ASCII digits only, and goes with the next event dispatched")
    func retry() {
        let events = Self.parse("retry: 3000\ndata: a\n\nretry: 12a\ndata: b\n\nretry:\ndata: c\n\n")
        #expect(events.map(\.retry) == [3000, nil, nil])
        // A `retry:` alone (no data: nothing dispatched) is shown with the next event.
        #expect(Self.parse("retry: 50\n\ndata: x\n\ndata: y\n\n").map(\.retry) == [50, nil])
    }

    @Test("comment lines are skipped; unknown fields are ignored")
    func comments() {
        let events = Self.parse(": heartbeat\n:\nfoo: bar\ndata: x\n: more\n\n")
        #expect(events == [Parsed(type: "message", id: "", data: "x")])
    }

    @Test("a leading BOM is skipped, also split over chunks; a second one is part of the line", arguments: [1, 2, 100])
    func byteOrderMark(piece: Int) {
        let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
        let events = Self.parse(bom + Array("data: a\n\n".utf8) + bom + Array("data: b\n\n".utf8), piece: piece)
        // The second BOM makes the field name "\u{FEFF}data": an unknown field.
        #expect(events == [Parsed(type: "message", id: "", data: "a")])
        #expect(Self.parse([0xEF, 0xBB], piece: piece).isEmpty)
    }

    @Test("a final event without its blank line is not dispatched; an event with no data line neither")
    func unfinished() {
        #expect(Self.parse("data: a\n\ndata: b\n").map(\.data) == ["a"])
        #expect(Self.parse("event: nothing\nid: 3\n\ndata: x\n\n") == [Parsed(type: "message", id: "3", data: "x")])
    }

    @Test("feeding byte by byte gives what feeding at once gives")
    func byteByByte() {
        let text = "retry: 10\r\nevent: e\r\nid: 1\r\ndata: {\"a\": 1}\r\ndata: two\r\n\r\n: c\rdata: z\r\r"
        #expect(Self.parse(text, piece: 1) == Self.parse(text))
        #expect(Self.parse(text).count == 2)
    }

    @Test("a line past the event size is cut there, and parsing goes on")
    func longLine() {
        let long = String(repeating: "x", count: EventStreamParser.maxEventBytes + 10)
        let events = Self.parse("data: \(long)\n\ndata: next\n\n", piece: 65536)
        #expect(events.count == 2)
        #expect(events[0].data.utf8.count <= EventStreamParser.maxEventBytes)
        #expect(events[1].data == "next")
    }

    @Test("lines mode: each LF or CRLF line is a chunk event, a last line without its end too")
    func linesMode() {
        let events = Self.parse("{\"a\":1}\r\n{\"a\":2}\nlast", mode: .lines, piece: 3)
        #expect(events.map(\.data) == ["{\"a\":1}", "{\"a\":2}", "last"])
        #expect(events.allSatisfy { $0.type == "chunk" })
    }

    @Test("chunks mode: each piece is one chunk event")
    func chunksMode() {
        #expect(Self.parse("abcdef", mode: .chunks, piece: 4).map(\.data) == ["abcd", "ef"])
    }

    @Test("the mode comes from the content type, or from stream: true")
    func modes() {
        #expect(StreamMode.of(contentType: "text/event-stream; charset=utf-8", forced: false) == .serverSentEvents)
        #expect(StreamMode.of(contentType: "application/json", forced: false) == nil)
        #expect(StreamMode.of(contentType: "application/x-ndjson", forced: true) == .lines)
        #expect(StreamMode.of(contentType: "text/plain", forced: true) == .lines)
        #expect(StreamMode.of(contentType: "application/octet-stream", forced: true) == .chunks)
        #expect(StreamMode.of(contentType: nil, forced: true) == .chunks)
    }
}
