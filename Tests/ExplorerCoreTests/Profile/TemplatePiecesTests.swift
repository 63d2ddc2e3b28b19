import Foundation
import Testing

@testable import ExplorerCore

/// `Template.pieces` splits a template by one scan of its UTF-8 bytes; these hold it to a plain reading of the rule,
/// written over Unicode scalars.
@Suite("Template pieces")
struct TemplatePiecesTests {
    /// The rule read plainly: `{{`, then the first `}}` after it, the name between them trimmed of `.whitespaces`;
    /// an unclosed `{{` and everything after it is text.
    static func reference(_ text: String) -> [Template.Piece] {
        let scalars = Array(text.unicodeScalars)
        func pair(_ scalar: Unicode.Scalar, from start: Int) -> Int? {
            guard start + 1 < scalars.count else { return nil }
            return (start..<scalars.count - 1).first { scalars[$0] == scalar && scalars[$0 + 1] == scalar }
        }
        func string(_ range: Range<Int>) -> String {
            var result = ""
            result.unicodeScalars.append(contentsOf: scalars[range])
            return result
        }
        var pieces: [Template.Piece] = []
        var rest = 0
        while let open = pair("{", from: rest), let close = pair("}", from: open + 2) {
            if rest < open { pieces.append(.text(string(rest..<open))) }
            pieces.append(.variable(string(open + 2..<close).trimmingCharacters(in: .whitespaces)))
            rest = close + 2
        }
        if rest < scalars.count { pieces.append(.text(string(rest..<scalars.count))) }
        return pieces
    }

    @Test("templates split as the rule says, ASCII or not")
    func scanAgreesWithTheRule() {
        let fixed = [
            "", "plain", "{{a}}", "/{{project-key}}/carts/{id}", "{{ a }}", "{{\ta\t}}", "{{}}", "{{ }}", "{{{a}}",
            "{{a}}}", "{{a", "a}}", "{{a}}{{b}}", "x{{a}}y{{b}}z", "{{a\r\n}}", "\r\n{{a}}\r\n", "{{{{a}}}}", "{ {a} }",
            "{{a}b}}", "{{env.HOME}}/x", "}}{{a}}{{", "/café/{{ naïve }}", "é{{\u{00A0}a\u{2003}}}", "{{a}}\u{301}",
            "{\u{301}{a}}", "{{é}}🙂{{🙂}}", "{{\u{FEFF}a}}",
        ]
        var generator = SystemRandomNumberGenerator()
        let alphabet = Array("{} \tab.\r\n-é🙂\u{00A0}") + ["\u{301}"]
        let random = (0..<3000).map { _ in
            String((0..<Int.random(in: 0...14, using: &generator)).map { _ in alphabet.randomElement()! })
        }
        for text in fixed + random {
            #expect(Template(text).pieces == Self.reference(text), "\(text.debugDescription)")
        }
    }

    @Test("non-ASCII names are trimmed of Unicode blanks, and braces joined to a combining mark still count")
    func nonASCII() {
        #expect(Template("/café/{{ naïve }}").pieces == [.text("/café/"), .variable("naïve")])
        #expect(Template("é{{\u{00A0}a\u{2003}}}").pieces == [.text("é"), .variable("a")])
        // Foundation's search compared characters, and `}` + U+0301 is one: this reference stayed literal text.
        #expect(Template("{{a}}\u{301}").pieces == [.variable("a"), .text("\u{301}")])
    }
}
