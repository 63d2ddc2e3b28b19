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
}
