import Foundation
import Testing

@testable import ExplorerCore

@Suite("JSON Schema validation: violations in words, dialects, bounds")
struct JSONSchemaTests {
    static let customers: JSONValue = [
        "components": [
            "schemas": [
                "Customer": [
                    "type": "object", "required": ["id", "email"],
                    "properties": [
                        "id": ["type": "integer"], "email": ["type": "string", "format": "email"],
                        "secret": ["type": "string", "writeOnly": true],
                    ],
                ],
                "List": [
                    "type": "object",
                    "properties": ["data": ["type": "array", "items": ["$ref": "#/components/schemas/Customer"]]],
                ],
            ]
        ]
    ]

    @Test("a violation names the instance as JSONPath, the schema keyword, and expected against got")
    func violationWording() throws {
        let schema = try CompiledSchema(Self.customers, base: "apix:schemas", reference: "#/components/schemas/List")
        let body = try JSONValue.parse(#"{"data": [{"id": 1, "email": "a@b.c"}, {"id": 2, "email": null}]}"#)
        let result = schema.validate(body)
        #expect(!result.isValid)
        #expect(
            result.violations.map(\.description) == [
                "$.data[1].email: expected a string, got null (#/components/schemas/Customer/properties/email/type)"
            ])
    }

    @Test("format is an annotation unless asserted")
    func formatAssertion() throws {
        let schema = try CompiledSchema(["type": "string", "format": "email"])
        #expect(schema.validate("not an address").isValid)
        let asserted = schema.validate("not an address", options: SchemaOptions(formatAssertion: true))
        #expect(asserted.violations.map(\.message) == [#"expected an email address, got "not an address""#])
        for (format, good, bad) in [
            ("date-time", "2024-02-29T12:00:00.5+01:00", "2023-02-29T12:00:00Z"), ("date", "2024-12-31", "2024-13-01"),
            ("uuid", "123e4567-e89b-12d3-a456-426614174000", "123e4567e89b12d3a456426614174000"),
            ("uri", "https://example.com/a?b#c", "/relative/path"), ("ipv4", "192.168.0.1", "256.1.1.1"),
            ("ipv6", "::1", "1:::2"),
        ] {
            let checked = try CompiledSchema(["format": .string(format)])
            #expect(checked.isValid(.string(good), options: SchemaOptions(formatAssertion: true)), "\(format) \(good)")
            #expect(!checked.isValid(.string(bad), options: SchemaOptions(formatAssertion: true)), "\(format) \(bad)")
        }
    }

    @Test("OpenAPI 3.0: nullable, boolean exclusive bounds, writeOnly required members not required in answers")
    func openAPI30() throws {
        let schema = try CompiledSchema(
            [
                "type": "object", "required": ["count", "password"],
                "properties": [
                    "count": ["type": "integer", "nullable": true, "minimum": 0, "exclusiveMinimum": true],
                    "password": ["type": "string", "writeOnly": true],
                ],
            ], dialect: .openAPI30)
        #expect(schema.isValid(["count": .null]))
        #expect(!schema.isValid(["count": 0]))
        #expect(!schema.isValid(["count": .null], options: SchemaOptions(direction: .request)))
    }

    @Test("a discriminator chooses the schema, and an unknown value is said as such")
    func discriminator() throws {
        let pets: JSONValue = [
            "components": [
                "schemas": [
                    "Pet": [
                        "oneOf": [["$ref": "#/components/schemas/Dog"], ["$ref": "#/components/schemas/Cat"]],
                        "discriminator": ["propertyName": "kind"],
                    ],
                    "Dog": [
                        "type": "object", "required": ["kind", "bark"], "properties": ["bark": ["type": "boolean"]],
                    ],
                    "Cat": ["type": "object", "required": ["kind"], "properties": ["lives": ["type": "integer"]]],
                ]
            ]
        ]
        let schema = try CompiledSchema(
            pets, dialect: .openAPI30, base: "apix:schemas", reference: "#/components/schemas/Pet")
        #expect(schema.isValid(["kind": "Dog", "bark": true]))
        #expect(
            schema.validate(["kind": "Dog", "bark": 1]).violations.map(\.description) == [
                "$.bark: expected a boolean, got a number (#/components/schemas/Dog/properties/bark/type)"
            ])
        #expect(
            schema.validate(["kind": "Fish"]).violations.map(\.message) == [
                #"expected "kind" to be one of "Cat", "Dog", got "Fish""#
            ])
    }

    @Test("a $ref cycle that consumes nothing stops with a reason instead of looping")
    func referenceCycle() throws {
        let schema = try CompiledSchema([
            "$defs": ["a": ["$ref": "#/$defs/b"], "b": ["$ref": "#/$defs/a"]], "$ref": "#/$defs/a",
        ])
        let result = schema.validate(1)
        #expect(!result.isValid)
        #expect(result.stopped?.contains("refers back to itself") == true)
    }

    @Test("a deep chain of references compiles once per target and validates")
    func deepChain() throws {
        var definitions = JSONObject()
        for index in 0..<5_000 { definitions["d\(index)"] = ["$ref": .string("#/$defs/d\(index + 1)")] }
        definitions["d5000"] = ["type": "integer"]
        let schema = try CompiledSchema(["$defs": .object(definitions), "$ref": "#/$defs/d0"])
        let result = schema.validate("x")
        #expect(!result.isValid)
        #expect(result.stopped?.contains("deeper than") == true)
    }

    @Test("a huge enum is one lookup; numbers compare by value")
    func hugeEnum() throws {
        let values = (0..<100_000).map { JSONValue.number(String($0)) }
        let schema = try CompiledSchema(["enum": .array(values)])
        #expect(schema.isValid(.number("99999.0")))
        #expect(!schema.isValid(.number("100000")))
        #expect(schema.validate(.number("-1")).violations.first?.message.hasSuffix("(100000 in all), got -1") == true)
    }

    @Test("a catastrophic pattern is abandoned and said to be too expensive")
    func catastrophicPattern() throws {
        let schema = try CompiledSchema(["pattern": "^(a+)+$"])
        let result = schema.validate(.string(String(repeating: "a", count: 40) + "!"))
        #expect(!result.isValid)
        #expect(result.violations.first?.message == "the pattern /^(a+)+$/ is too expensive")
    }

    @Test("many expensive matches stop the validation at its step bound")
    func stepBound() throws {
        let schema = try CompiledSchema(["items": ["pattern": "^(a+)+$"]])
        let item = JSONValue.string(String(repeating: "a", count: 40) + "!")
        var options = SchemaOptions()
        options.maxSteps = 3_000_000
        let result = schema.validate(.array(Array(repeating: item, count: 1_000)), options: options)
        #expect(result.stopped?.contains("evaluation steps") == true)
    }

    @Test("violations are capped, the count is not")
    func violationCap() throws {
        let schema = try CompiledSchema(["items": ["type": "string"]])
        let result = schema.validate(.array(Array(repeating: 1, count: 500)))
        #expect(result.violations.count == 100)
        #expect(result.violationCount == 500)
        #expect(result.violations[99].instanceLocation == "$[99]")
    }

    @Test("a schema that is not one is refused with its location")
    func invalidSchema() {
        #expect(throws: SchemaError(location: "#/properties/a/type", message: #"unknown type "strin""#)) {
            try CompiledSchema(["properties": ["a": ["type": "strin"]]])
        }
        #expect(throws: SchemaError(location: "#/$ref", message: ##""#/$defs/missing" points at nothing"##)) {
            try CompiledSchema(["$ref": "#/$defs/missing"])
        }
    }
}
