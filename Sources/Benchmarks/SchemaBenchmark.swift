import ExplorerCore
import Foundation

/// Validating an answer against its schema (issue 32): a 5 MB JSON list of 36,000 customer objects against a
/// list-of-objects schema (a `$ref` per item, required members, no others allowed, formats asserted), the schema
/// compiled once, the body parsed once; each run times one validation.
enum SchemaBenchmark {
    static let schema: JSONValue = [
        "components": [
            "schemas": [
                "List": [
                    "type": "object", "required": ["data"],
                    "properties": ["data": ["type": "array", "items": ["$ref": "#/components/schemas/Customer"]]],
                ],
                "Customer": [
                    "type": "object", "required": ["id", "email", "name"], "additionalProperties": false,
                    "properties": [
                        "id": ["type": "integer", "minimum": 0], "email": ["type": "string", "format": "email"],
                        "name": ["type": "string", "minLength": 1], "active": ["type": "boolean"],
                        "score": ["type": "number"], "tags": ["type": "array", "items": ["type": "string"]],
                        "created": ["type": "string", "format": "date-time"],
                    ],
                ],
            ]
        ]
    ]

    /// About 5 MB of JSON.
    static func body() -> JSONValue {
        var items: [JSONValue] = []
        for index in 0..<36_000 {
            items.append([
                "id": .number(String(index)), "email": .string("user\(index)@example.com"),
                "name": .string("Customer number \(index)"), "active": true, "score": 3.5, "tags": ["a", "b"],
                "created": "2024-01-02T03:04:05Z",
            ])
        }
        return ["data": .array(items)]
    }

    static func run(runs: Int) -> BenchmarkRow {
        let body = body()
        let size = body.serialized().utf8.count
        var options = SchemaOptions(formatAssertion: true)
        options.maxViolations = 100
        var samples: [Double] = []
        var valid = true
        do {
            let compiled = try CompiledSchema(schema, base: "apix:schemas", reference: "#/components/schemas/List")
            for run in 0...runs {
                let start = Subprocess.now()
                valid = compiled.validate(body, options: options).isValid && valid
                if run > 0 { samples.append(Subprocess.now() - start) }
            }
        } catch {
            valid = false
        }
        let stats = Stats(samples: samples)
        return BenchmarkRow(
            name:
                "validate a \(BenchmarkFormat.mib(size)) JSON answer (36,000 objects) against a list-of-objects schema",
            apix: valid ? BenchmarkFormat.latency(stats) : "invalid", reference: "—", ratio: "—",
            target: "≤ 100 ms median", met: valid && !samples.isEmpty ? stats.median <= 0.1 : nil)
    }
}
