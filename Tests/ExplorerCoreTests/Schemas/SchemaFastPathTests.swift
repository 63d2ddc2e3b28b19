import Testing

@testable import ExplorerCore

/// The evaluator's shortcuts (member names looked up by a byte hash, `required` by bits, integers read without the
/// general parser, string lengths settled by their byte count) judge and word exactly as the general rules do.
@Suite("JSON Schema validation: fast paths agree with the general rules")
struct SchemaFastPathTests {
    @Test("member names match as Swift compares strings: the Kelvin sign is K, in properties and required")
    func canonicalNames() throws {
        let kelvin = "\u{212A}"
        let schema = try CompiledSchema(
            [
                "type": "object", "required": [.string(kelvin), "b"], "additionalProperties": false,
                "properties": [kelvin: ["type": "string"], "b": ["type": "integer"]],
            ])
        let result = schema.validate(["K": 1, "b": 2])
        #expect(
            result.violations.map { "\($0.instanceLocation): \($0.message)" } == [
                "$.K: expected a string, got a number"
            ])
        let ascii = try CompiledSchema(
            [
                "type": "object", "required": ["K"], "additionalProperties": false,
                "properties": ["K": ["type": "string"]],
            ])
        #expect(ascii.isValid([kelvin: "x"]))
        #expect(
            ascii.validate(["k": "x"]).violations.map(\.message) == [
                #"expected member "K", missing"#, #"unexpected member "k""#,
            ])
    }

    @Test("a keyword is a plain value: reading one for every value of an instance retains and copies nothing")
    func plainKeywords() {
        #expect(_isPOD(SchemaKeyword.self))
    }

    @Test("an IPv4 part of twenty digits is refused, not an overflow")
    func longIPv4Part() throws {
        let schema = try CompiledSchema(["format": "ipv4"])
        let options = SchemaOptions(formatAssertion: true)
        #expect(!schema.isValid("99999999999999999999.1.1.1", options: options))
        #expect(!schema.isValid("1.2.3.99999999999999999999", options: options))
        #expect(schema.isValid("1.2.3.255", options: options))
        #expect(!schema.isValid("1.2.3.0255", options: options))
    }

    @Test("more required names than a word has bits: every missing one reported, in order")
    func manyRequired() throws {
        let names = (0..<70).map { "m\($0)" }
        let schema = try CompiledSchema(["type": "object", "required": .array(names.map(JSONValue.string))])
        var present = JSONObject()
        for name in names where name != "m3" && name != "m69" { present.append(key: name, value: true) }
        let result = schema.validate(.object(present))
        #expect(
            result.violations.map(\.message) == [#"expected member "m3", missing"#, #"expected member "m69", missing"#])
    }

    @Test("bounds read integers as Double(text) does: -0, leading zeros, 16 digits, exponents")
    func integerBounds() throws {
        let exclusive = try CompiledSchema(["exclusiveMinimum": 0])
        #expect(!exclusive.isValid(.number("-0")))
        #expect(exclusive.isValid(.number("007")))
        let maximum = try CompiledSchema(["maximum": 9_007_199_254_740_992])
        #expect(maximum.isValid(.number("9007199254740993")))  // rounds to 2^53, as Double does
        #expect(!maximum.isValid(.number("9007199254740994000")))
        #expect(!maximum.isValid(.number("1e16")))
        #expect(maximum.isValid(.number("-1")))
        let minimum = try CompiledSchema(["minimum": -5])
        #expect(minimum.validate(.number("-6")).violations.map(\.message) == ["expected at least -5, got -6"])
    }

    @Test("string lengths count scalars even when the byte count seems to settle it")
    func lengths() throws {
        let two = try CompiledSchema(["minLength": 2])
        #expect(two.validate("é").violations.map(\.message) == ["expected at least 2 characters, got 1"])
        #expect(two.isValid("😀😀"))
        #expect(two.isValid("ab"))
        let three = try CompiledSchema(["minLength": 3, "maxLength": 3])
        #expect(three.validate("😀😀").violations.map(\.message) == ["expected at least 3 characters, got 2"])
        #expect(three.isValid("é😀a"))
    }
}
