import TestSupport
import Testing

@testable import ExplorerCore

/// `ProfileEmitter.quoted` writes a scalar plain only when YAML reads it back as the same text of the same kind.
@Suite("Emitted scalars")
struct ProfileEmitterScalarTests {
    @Test("random text, plain or quoted, reads back as itself in block and flow position, strings as strings")
    func roundTrip() throws {
        let alphabet = Array("abz09_.:-+ #,[]{}&*!|>'\"%@`?~=/\\\t\nyesnoNULLtrue\u{2028}\u{85}é漢")
        var generator = SeededGenerator(seed: 0xE417)
        var failures: [String] = []
        for _ in 0..<20_000 {
            let length = 1 + Int(generator.next() % 10)
            let text = String((0..<length).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] })
            for asString in [true, false] {
                let written = ProfileEmitter.quoted(text, asString: asString)
                for document in ["k: \(written)\n", "{ k: \(written) }\n"] {
                    // Read back as the loader reads it.
                    guard case .success(let node?) = YAMLComposer.compose(document),
                        let value = node.mapping?.first?.value, value.scalar?.string == text
                    else {
                        failures.append("\(text.debugDescription) → \(written) in \(document.debugDescription)")
                        continue
                    }
                    if asString && YAMLReader.tag(of: value) != .str {
                        failures.append("\(text.debugDescription) typed")
                    }
                }
            }
        }
        #expect(failures.isEmpty, "\(failures.prefix(10))")
    }

    @Test("text of several lines: a literal block where it reads back as itself, else quoted; flow stays quoted")
    func literalBlocks() throws {
        let alphabet = Array("ab{}():#-|>'\"\\ \t\n\n\r$@é漢\u{2028}")
        var generator = SeededGenerator(seed: 0x6A1)
        var failures: [String] = []
        var blocks = 0
        for _ in 0..<20_000 {
            let length = 1 + Int(generator.next() % 14)
            let text = String((0..<length).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] })
            let value = ProfileEmitter.lines(text)
            if case .literal = value { blocks += 1 }
            // As a field in a block mapping under another (where a body's `query:` is), and in flow.
            let field = ProfileEmitter.field(.init("query", value), indent: 4)
            let flow = ProfileEmitter.flowText(.mapping([.init("query", value)]))
            for document in ["a:\n  b:\n" + field + "  c: 1\n", "a: \(flow)\n"] {
                guard case .success(let node?) = YAMLComposer.compose(document),
                    let inner = node.mapping?.first?.value,
                    let scalar = (inner.mapping?.first?.value.mapping?.first?.value ?? inner.mapping?.first?.value),
                    scalar.scalar?.string == text
                else {
                    failures.append("\(text.debugDescription) in \(document.debugDescription)")
                    continue
                }
            }
        }
        #expect(failures.isEmpty, "\(failures.prefix(10))")
        // Not a vacuous check: many were written as blocks.
        #expect(blocks > 2_000, "\(blocks)")
        #expect(
            ProfileEmitter.field(.init("query", ProfileEmitter.lines("query {\n  a\n}")), indent: 2)
                == "  query: |-\n    query {\n      a\n    }\n")
        #expect(ProfileEmitter.lines("{ a }") == .string("{ a }"))
    }
}

extension ProfileEmitterScalarTests {
    @Test(
        "a control, DEL, a C1 control, the BOM and the line and paragraph separators are written as \\u and 4 hex digits"
    )
    func escapes() {
        #expect(
            ProfileEmitter.doubleQuoted("a\u{1}\u{1B}\u{7F}\u{85}\u{9F}é\u{FEFF}\u{2028}\u{2029}\t")
                == #""a\u0001\u001B\u007F\u0085\u009Fé\uFEFF\u2028\u2029\t""#)
    }
}
