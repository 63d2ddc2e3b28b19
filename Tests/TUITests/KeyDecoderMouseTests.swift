import Testing

@testable import TUI

/// Mouse reports through the key decoder: SGR 1006 (what apix asks for) and the older X10 form, each one event,
/// never keys.
@Suite("Mouse decoding")
struct KeyDecoderMouseTests {
    private func decode(_ bytes: [UInt8]) -> [KeyEvent] {
        var decoder = KeyDecoder()
        var index = 0
        let read: (KeyDecoder.Wait) -> KeyDecoder.Input? = { _ in
            guard index < bytes.count else { return nil }
            defer { index += 1 }
            return .character(UInt32(bytes[index]))
        }
        var events: [KeyEvent] = []
        while let event = decoder.next(read) { events.append(event) }
        return events
    }

    @Test("a wheel-down at 10,5 (ESC [ < 65 ; 10 ; 5 M) is one wheel event at column 9, row 4")
    func wheelDown() {
        #expect(decode(Array("\u{1B}[<65;10;5M".utf8)) == [.mouse(MouseEvent(.wheelDown, x: 9, y: 4))])
        #expect(decode(Array("\u{1B}[<64;1;1M".utf8)) == [.mouse(MouseEvent(.wheelUp, x: 0, y: 0))])
    }

    @Test("press and release of each button; Ctrl and Alt are read; motion is a drag")
    func buttons() {
        #expect(decode(Array("\u{1B}[<0;3;7M".utf8)) == [.mouse(MouseEvent(.press(.left), x: 2, y: 6))])
        #expect(decode(Array("\u{1B}[<0;3;7m".utf8)) == [.mouse(MouseEvent(.release, x: 2, y: 6))])
        #expect(decode(Array("\u{1B}[<2;120;40M".utf8)) == [.mouse(MouseEvent(.press(.right), x: 119, y: 39))])
        #expect(
            decode(Array("\u{1B}[<16;5;5M".utf8)) == [.mouse(MouseEvent(.press(.left), x: 4, y: 4, control: true))])
        #expect(decode(Array("\u{1B}[<32;5;5M".utf8)) == [.mouse(MouseEvent(.drag, x: 4, y: 4))])
    }

    @Test("every event's own bytes decode back to it")
    func roundTrip() {
        let events = [
            MouseEvent(.press(.left), x: 0, y: 0), MouseEvent(.press(.middle), x: 300, y: 80),
            MouseEvent(.release, x: 12, y: 3), MouseEvent(.wheelUp, x: 5, y: 5), MouseEvent(.wheelDown, x: 6, y: 6),
            MouseEvent(.press(.left), x: 1, y: 1, control: true, alt: true),
        ]
        for event in events { #expect(decode(event.sgrBytes) == [.mouse(event)]) }
    }

    @Test("a wheel tilt or a malformed report is read whole and dropped; the key after it is a key")
    func droppedWhole() {
        #expect(decode(Array("\u{1B}[<66;3;3Mq".utf8)) == [.key(.character("q"))])
        #expect(decode(Array("\u{1B}[<1;2Mq".utf8)) == [.key(.character("q"))])
    }

    @Test("the older X10 report (ESC [ M and three bytes) is an event too, not Esc plus keys")
    func legacy() {
        // Button 0 at column 10, row 5: each byte plus 32.
        #expect(decode([27, 91, 77, 32, 42, 37]) == [.mouse(MouseEvent(.press(.left), x: 9, y: 4))])
        #expect(
            decode([27, 91, 77, 97, 42, 37, 106]) == [
                .mouse(MouseEvent(.wheelDown, x: 9, y: 4)), .key(.character("j")),
            ])
    }

    @Test("a burst of wheel reports, as a fast wheel sends them, is as many events and nothing else")
    func burst() {
        let bytes = (0..<50).flatMap { _ in MouseEvent(.wheelDown, x: 60, y: 20).sgrBytes }
        let events = decode(bytes)
        #expect(events.count == 50)
        #expect(events.allSatisfy { $0 == .mouse(MouseEvent(.wheelDown, x: 60, y: 20)) })
    }
}
