import TestSupport
import Testing

@testable import ExplorerCore

/// The byte-level checks that formats take for speed read exactly as the Character-level rules they stand for.
@Suite("JSON Schema formats: fast paths")
struct SchemaFormatTests {
    @Test("an all-ASCII address is judged the same over bytes as over Characters (20,000 generated texts)")
    func asciiEmailAgrees() {
        let alphabet = Array("ab.@-_Z9 \t\r\n\u{0B}[]:+".utf8)
        var generator = SeededGenerator(seed: 29)
        var accepted = 0
        for _ in 0..<20_000 {
            // Mostly a local part, an @ and a domain of letters and dots, with the odd awkward byte anywhere.
            let letters = Array("ab.-Z9".utf8)
            var bytes: [UInt8] = []
            for index in 0..<Int(generator.next() % 14) {
                let awkward = generator.next() % 6 == 0
                let pool = awkward ? alphabet : letters
                bytes.append(
                    index == 4 && !awkward ? UInt8(ascii: "@") : pool[Int(generator.next() % UInt64(pool.count))])
            }
            let text = String(decoding: bytes, as: UTF8.self)
            let fast = SchemaFormat.isASCIIEmail(bytes)
            #expect(fast == SchemaFormat.isEmail(text), "\(text.debugDescription)")
            if fast { accepted += 1 }
        }
        #expect(accepted > 100)  // the generator reaches addresses, not only refusals
        for (text, expected) in [
            ("user1@example.com", true), ("a.b@c-d.e", true), (".a@b", false), ("a.@b", false), ("a..b@c", false),
            ("a b@c", false), ("a@-b.c", false), ("a@b-.c", false), ("a@b..c", false), ("a@[127.0.0.1]", true),
            ("a@[IPv6:::1]", true), ("@b", false), ("a@", false), (String(repeating: "x", count: 65) + "@b", false),
        ] {
            #expect(SchemaFormat.isASCIIEmail(Array(text.utf8)) == expected, "\(text)")
            #expect(SchemaFormat.email.accepts(text) == expected, "\(text)")
        }
        #expect(SchemaFormat.email.accepts("jöran@bücher.example"))  // not ASCII: the Character rules
    }
}
