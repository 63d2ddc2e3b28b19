import Testing

@testable import CollectionImport

/// `{{name}}` references as the importers find them to define what a collection uses but does not declare.
@Suite("Import naming: references")
struct ImportNamingTests {
    @Test("names in order, trimmed, without repeats; an unclosed {{ ends the search; non-ASCII names whole")
    func references() {
        #expect(ImportNaming.references(in: "{{a}}/x/{{ b }}?q={{a}}&{{}}") == ["a", "b"])
        #expect(ImportNaming.references(in: "{{ökö}} {{c") == ["ökö"])
        #expect(ImportNaming.references(in: "{{{x}}}") == ["{x"])
        #expect(ImportNaming.references(in: "no braces at all") == [])
    }

    @Test("a large text with many references is read whole (the import scans the profile's whole YAML)")
    func largeText() {
        let line = "  - path: /items/{{id}}\n    headers: { X-Key: \"{{apiKey}}\" }\n"
        let text = String(repeating: line, count: 20_000) + "{{last}}"
        #expect(ImportNaming.references(in: text) == ["id", "apiKey", "last"])
    }
}
