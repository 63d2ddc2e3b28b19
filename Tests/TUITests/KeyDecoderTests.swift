import Testing

@testable import TUI

/// The terminal input decoder over scripted reads (what curses' `get_wch` gives, one read at a time).
@Suite("Key decoding")
struct KeyDecoderTests {
    /// Decodes `inputs` as they would arrive, until they run out; each read takes the next input.
    private func decode(_ inputs: [KeyDecoder.Input]) -> [KeyEvent] {
        var decoder = KeyDecoder()
        var index = 0
        var events: [KeyEvent] = []
        let read: (KeyDecoder.Wait) -> KeyDecoder.Input? = { _ in
            guard index < inputs.count else { return nil }
            defer { index += 1 }
            return inputs[index]
        }
        while let event = decoder.next(read) { events.append(event) }
        return events
    }

    /// The characters of `text` as reads, Esc written as `^`.
    private func bytes(_ text: String) -> [KeyDecoder.Input] {
        text.unicodeScalars.map { .character($0 == "^" ? 27 : $0.value) }
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

    @Test(
        "End, Home and the other special keys in their xterm, VT220, rxvt and SS3 forms",
        arguments: [
            ("^[F", Key.end), ("^[4~", .end), ("^OF", .end), ("^[8~", .end), ("^[1;5F", .end),
            ("^[H", .home), ("^[1~", .home), ("^OH", .home), ("^[7~", .home),
            ("^[3~", .delete), ("^[2~", .insert), ("^[5~", .pageUp), ("^[6~", .pageDown),
            ("^[A", .up), ("^OB", .down), ("^[C", .right), ("^OD", .left), ("^[Z", .backTab),
            ("^[1;5C", .wordRight), ("^[1;5D", .wordLeft), ("^[1;3C", .wordRight), ("^[1;2D", .left),
            ("^[5C", .right), ("^Oc", .wordRight), ("^Od", .wordLeft), ("^O5D", .wordLeft),
            ("^OP", .function(1)), ("^[15~", .function(5)), ("^[24~", .function(12)), ("^[[B", .function(2)),
        ])
    func specialKeys(sequence: String, key: Key) {
        // The key, and the x typed after it is an x: nothing of the sequence is left over as keys.
        #expect(decode(bytes(sequence + "x")) == [.key(key), .key(.character("x"))])
    }

    @Test("a sequence no key stands for is read whole and dropped, never Esc plus characters")
    func unknownSequences() {
        #expect(decode(bytes("^[99zq")) == [.key(.character("q"))])
        #expect(decode(bytes("^[?1;2cq")) == [.key(.character("q"))])
        // A mouse report is an event of its own (`KeyDecoderMouseTests`), never characters.
        #expect(
            decode(bytes("^[<0;12;4Mq")) == [.mouse(MouseEvent(.press(.left), x: 11, y: 3)), .key(.character("q"))])
        #expect(decode(bytes("^OXq")) == [.key(.character("q"))])
        #expect(decode(bytes("^[1;2;3;4;5;6;7;8;9;10;11;12;13;14;15;16~q")) == [.key(.character("q"))])
        // Cut short by an Esc: the fragment goes, the Esc is a key.
        #expect(decode(bytes("^[12^")) == [.key(.escape)])
        // A lone `ESC [` (Alt-[) stands for nothing.
        #expect(decode(bytes("^[")) == [])
    }

    @Test("a bracketed paste is one event: newlines, q and Esc inside it are text, not keys")
    func bracketedPaste() {
        #expect(
            decode(bytes("^[200~{\r  \"a\": 1\r}q^[201~x"))
                == [.paste("{\n  \"a\": 1\n}q", truncated: false), .key(.character("x"))])
        // An Esc inside that is not the end marker is dropped; what followed it is text.
        #expect(decode(bytes("^[200~a\r\nb^[Xc^[201~")) == [.paste("a\nb[Xc", truncated: false)])
        // The end never came: what arrived is the paste, and the decoder reads keys again.
        #expect(decode(bytes("^[200~abc")) == [.paste("abc", truncated: false)])
    }

    @Test("a paste longer than the bound keeps its start and says it was cut; the keys after it are keys")
    func longPaste() {
        let text = String(repeating: "y", count: KeyDecoder.maxPaste + 10)
        let events = decode(bytes("^[200~" + text + "^[201~q"))
        #expect(events.count == 2)
        #expect(events.first == .paste(String(repeating: "y", count: KeyDecoder.maxPaste), truncated: true))
        #expect(events.last == .key(.character("q")))
    }
}
