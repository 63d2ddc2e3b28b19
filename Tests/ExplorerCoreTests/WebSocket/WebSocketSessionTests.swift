import Foundation
import Testing

@testable import ExplorerCore

@Suite("WebSocket session: messages, pings, closing (RFC 6455 §5.4–§8)")
struct WebSocketSessionTests {
    func session(max: Int = 1 << 20, deflate: PerMessageDeflate? = nil) -> WebSocketSession {
        WebSocketSession(maxMessage: max, deflate: deflate)
    }

    /// The close code the session sent (the last client frame's), from its outbound bytes.
    func sentClose(_ session: inout WebSocketSession) -> (UInt16, String)? {
        guard let close = WebSocketWire.clientFrames(session.takeOutbound()).frames.last, close.0 == 0x8,
            close.3.count >= 2
        else { return nil }
        return (UInt16(close.3[0]) << 8 | UInt16(close.3[1]), String(decoding: close.3[2...], as: UTF8.self))
    }

    @Test("§5.4: a fragmented text message is assembled; control frames may come between its fragments")
    func fragments() {
        var session = session()
        let events = session.receive(
            WebSocketWire.text("frag-", fin: false) + WebSocketWire.frame(0x9, Array("p".utf8))
                + WebSocketWire.frame(0x0, Array("ment".utf8)))
        #expect(events == [.ping(Array("p".utf8)), .message(.text("frag-ment"))])
    }

    @Test("§5.4: a continuation with nothing to continue, and a new message inside a fragmented one, are 1002")
    func continuationRules() {
        var alone = session()
        #expect(alone.receive(WebSocketWire.frame(0x0, [])).last.map(closeCode) == 1002)
        #expect(sentClose(&alone)?.0 == 1002)
        var nested = session()
        let events = nested.receive(WebSocketWire.text("a", fin: false) + WebSocketWire.text("b"))
        #expect(events.last.map(closeCode) == 1002)
    }

    func closeCode(_ event: WebSocketEvent) -> UInt16? {
        if case .closed(let close) = event { close.code } else { nil }
    }

    @Test("§8.1: UTF-8 split across fragments is valid; invalid UTF-8 fails (1007) at the fragment that breaks it")
    func utf8AcrossFragments() {
        var valid = session()
        let split = valid.receive(
            WebSocketWire.frame(0x1, [0xCE], fin: false) + WebSocketWire.frame(0x0, [0xBA, 0xE1], fin: false)
                + WebSocketWire.frame(0x0, [0xBD, 0xB9]))
        #expect(split == [.message(.text("κό"))])
        var invalid = session()
        // 0xF4 0x90 is past U+10FFFF: the second fragment is refused before the message ends.
        let first = invalid.receive(WebSocketWire.frame(0x1, [0x61, 0xF4], fin: false))
        #expect(first.isEmpty)
        let second = invalid.receive(WebSocketWire.frame(0x0, [0x90], fin: false))
        #expect(second.last.map(closeCode) == 1007)
        #expect(sentClose(&invalid)?.0 == 1007)
        var truncated = session()
        #expect(truncated.receive(WebSocketWire.frame(0x1, [0xE2, 0x82])).last.map(closeCode) == 1007)
    }

    @Test("§5.5.2: a ping is answered with a pong carrying its payload")
    func pong() {
        var session = session()
        _ = session.receive(WebSocketWire.frame(0x9, Array("abc".utf8)))
        let frames = WebSocketWire.clientFrames(session.takeOutbound())
        #expect(frames.allMasked)
        #expect(frames.frames.count == 1)
        #expect(frames.frames.first?.0 == 0xA)
        #expect(frames.frames.first?.3 == Array("abc".utf8))
    }

    @Test("§5.5.3: a flood of pings leaves one pong queued (the latest), so the queue cannot grow")
    func pingFlood() {
        var session = session()
        var flood: [UInt8] = []
        for index in 0..<10_000 { flood += WebSocketWire.frame(0x9, Array("\(index)".utf8)) }
        let events = session.receive(flood)
        #expect(events.count == 10_000)
        #expect(session.outboundCount < 200)
        let frames = WebSocketWire.clientFrames(session.takeOutbound()).frames
        #expect(frames.count == 1)
        #expect(frames.first?.3 == Array("9999".utf8))
    }

    @Test("§5.5.1, §7.1.3: the server's close is answered with the same code; the session is closed")
    func serverCloses() {
        var session = session()
        session.send(.text("unsent"))
        let events = session.receive(WebSocketWire.close(4000, "bye"))
        #expect(events == [.closed(WebSocketClose(code: 4000, reason: "bye", initiator: .server))])
        #expect(session.state == .closed)
        let frames = WebSocketWire.clientFrames(session.takeOutbound()).frames
        #expect(frames.count == 1)
        #expect(frames.first?.0 == 0x8)
        #expect(frames.first?.3 == [0x0F, 0xA0])
    }

    @Test("§7.1.2: apix's close waits for the server's; data still arriving meanwhile is delivered")
    func clientCloses() {
        var session = session()
        session.close(code: 1000, reason: "done")
        #expect(session.state == .closing)
        #expect(sentClose(&session)?.0 == 1000)
        let events = session.receive(WebSocketWire.text("late") + WebSocketWire.close(1000))
        #expect(
            events == [
                .message(.text("late")), .closed(WebSocketClose(code: 1000, reason: "", initiator: .client)),
            ])
        #expect(session.state == .closed)
    }

    @Test("§7.4: close codes the server may not send (1005, 1006, 1015, 999, 2000, 5000) are 1002")
    func invalidCloseCodes() {
        for code: UInt16 in [1005, 1006, 1015, 999, 2000, 5000] {
            var session = session()
            #expect(session.receive(WebSocketWire.close(code)).last.map(closeCode) == 1002, "\(code)")
        }
        var oneByte = session()
        #expect(oneByte.receive(WebSocketWire.frame(0x8, [0x03])).last.map(closeCode) == 1002)
        var badReason = session()
        #expect(badReason.receive(WebSocketWire.frame(0x8, [0x03, 0xE8, 0xFF])).last.map(closeCode) == 1007)
        var empty = session()
        #expect(empty.receive(WebSocketWire.frame(0x8, [])).last.map(closeCode) == 1005)
    }

    @Test("§10.4: fragments that together pass max_message are refused (1009) before the last is buffered")
    func maxMessageAcrossFragments() {
        var session = session(max: 1000)
        let first = session.receive(WebSocketWire.frame(0x2, Array(repeating: 1, count: 600), fin: false))
        #expect(first.isEmpty)
        // Only the header of a 600-byte continuation: 600 + 600 > 1000.
        let header = Array(WebSocketWire.frame(0x0, Array(repeating: 1, count: 600)).prefix(4))
        #expect(session.receive(header).last.map(closeCode) == 1009)
    }

    @Test("After a violation nothing more from the server is read; the close reason says why in one line")
    func afterViolation() {
        var session = session()
        let events = session.receive(WebSocketWire.frame(0x3, []) + WebSocketWire.text("ignored"))
        #expect(events.count == 1)
        guard case .closed(let close)? = events.first else { return #expect(Bool(false)) }
        #expect(close.initiator == .violation)
        #expect(close.reason == "reserved opcode 0x3")
        #expect(session.receive(WebSocketWire.text("more")).isEmpty)
    }
}
