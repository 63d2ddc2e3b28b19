import Testing

@testable import TUI

/// The terminal input decoder over scripted reads (what curses' `get_wch` gives, one read at a time).
@Suite("Key decoding")
struct KeyDecoderTests {
    /// Decodes `inputs` as they would arrive, until they run out; each read takes the next input.
    private func decode(_ inputs: [KeyDecoder.Input]) -> [KeyEvent] {
        var decoder = KeyDecoder()
        var queue = inputs
        var events: [KeyEvent] = []
        while let event = decoder.next({ _ in queue.isEmpty ? nil : queue.removeFirst() }) { events.append(event) }
        return events
    }

    private func character(_ text: Character) -> KeyDecoder.Input {
        .character(text.unicodeScalars.first!.value)
    }

    @Test("Esc followed by a resize is an Esc, then the resize, and the next q is a q")
    func escapeThenResize() {
        let events = decode([.character(27), .code(.resize), character("q")])
        #expect(events == [.key(.escape), .resize, .key(.character("q"))])
    }

    @Test("Esc then b or f at once is Alt-B / Alt-F; Esc then another key is Esc and that key")
    func altCombinations() {
        #expect(decode([.character(27), character("b")]) == [.key(.wordLeft)])
        #expect(decode([.character(27), character("f")]) == [.key(.wordRight)])
        #expect(decode([.character(27), character("q")]) == [.key(.escape), .key(.character("q"))])
        #expect(decode([.character(27), .character(27)]) == [.key(.escape), .key(.escape)])
        #expect(decode([.character(27)]) == [.key(.escape)])
    }

    @Test("Esc with a special key is that key; plain characters and control keys decode as before")
    func ordinaryKeys() {
        #expect(decode([.character(27), .code(.key(.up))]) == [.key(.up)])
        #expect(
            decode([.character(13), .character(9), .character(127), .character(18)]) == [
                .key(.enter), .key(.tab), .key(.backspace), .key(.control("r")),
            ])
        #expect(decode([character("é")]) == [.key(.character("é"))])
    }
}
