import Testing

@testable import ExplorerCore

/// `Template.pieces` splits ASCII text by a byte scan and other text by Foundation's search: both must split alike.
@Suite("Template pieces")
struct TemplatePiecesTests {
    @Test("ASCII templates split the same by the byte scan and by Foundation's search")
    func byteScanAgreesWithSearch() {
        let fixed = [
            "", "plain", "{{a}}", "/{{project-key}}/carts/{id}", "{{ a }}", "{{\ta\t}}", "{{}}", "{{ }}", "{{{a}}",
            "{{a}}}", "{{a", "a}}", "{{a}}{{b}}", "x{{a}}y{{b}}z", "{{a\r\n}}", "\r\n{{a}}\r\n", "{{{{a}}}}", "{ {a} }",
            "{{a}b}}", "{{env.HOME}}/x", "}}{{a}}{{",
        ]
        var generator = SystemRandomNumberGenerator()
        let alphabet = Array("{} \tab.\r\n-")
        let random = (0..<3000).map { _ in
            String((0..<Int.random(in: 0...14, using: &generator)).map { _ in alphabet.randomElement()! })
        }
        for text in fixed + random {
            let template = Template(text)
            #expect(template.asciiPieces() == template.searchedPieces(), "\(text.debugDescription)")
        }
    }

    @Test("non-ASCII templates go through Foundation's search")
    func nonASCII() {
        let template = Template("/café/{{ naïve }}")
        #expect(template.asciiPieces() == nil)
        #expect(template.pieces == [.text("/café/"), .variable("naïve")])
    }
}
