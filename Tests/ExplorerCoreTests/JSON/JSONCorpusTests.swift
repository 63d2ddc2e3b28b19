import Foundation
import Testing

@testable import ExplorerCore

/// Property tests over random documents: the line index, the printer and the serialiser must agree.
@Suite("JSON corpus")
struct JSONCorpusTests {
    @Test("line index, printer and serialiser produce the same text", arguments: 0..<40)
    func formatsAgree(seed: Int) throws {
        var random = RandomJSON(seed: UInt64(seed))
        for _ in 0..<5 {
            let value = random.value(depth: random.int(0...6))
            let bytes = Data(random.messySource(for: value).utf8)

            let printed = try JSONPrettyPrinter().string(for: bytes)
            let index = try JSONLineIndex(bytes: bytes)
            let lines = index.lines(0..<index.lineCount, in: bytes)

            #expect(lines.map(\.text).joined(separator: "\n") + "\n" == printed, "seed \(seed)")
            #expect(printed == value.serialized(pretty: true) + "\n", "seed \(seed)")
            #expect(try JSONValue.parse(bytes) == value, "seed \(seed)")
            #expect(try JSONValue.parse(printed) == value, "seed \(seed)")
            for line in lines {
                checkSpans(of: line)
            }
            let colored = try JSONPrettyPrinter(colors: true).string(for: bytes)
            #expect(Self.strippingColors(colored) == printed, "seed \(seed)")
        }
    }

    /// Each span's text must be a token of its kind, and no text may carry a control character.
    private func checkSpans(of line: JSONLine) {
        #expect(!line.text.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
        for span in line.spans {
            let text = line.text[span.range]
            switch span.kind {
            case .key:
                #expect(text.first == "\"" && text.last == "\"" && text.count >= 2)
                #expect(line.text[span.range.upperBound...].hasPrefix(": "))
            case .string:
                #expect(text.first == "\"" && text.last == "\"" && text.count >= 2)
            case .number:
                #expect((try? JSONValue.parse(String(text)))?.numberText == String(text))
            case .bool:
                #expect(text == "true" || text == "false")
            case .null:
                #expect(text == "null")
            case .punctuation:
                #expect(["{", "}", "[", "]", ",", ":"].contains(text))
            }
        }
    }

    private static func strippingColors(_ text: String) -> String {
        var output = ""
        var scalars = text.unicodeScalars.makeIterator()
        while let scalar = scalars.next() {
            if scalar == "\u{1B}" {
                while let next = scalars.next(), next != "m" {}
            } else {
                output.unicodeScalars.append(scalar)
            }
        }
        return output
    }
}
