/// Which rules a schema is read by.
///
/// A schema's own `$schema` wins where it names draft 4 or 2020-12; this is the dialect of schemas that say
/// nothing (OpenAPI 3.0 documents never do, 3.1 ones rarely).
package enum SchemaDialect: String, Sendable, Hashable, CaseIterable {
    /// JSON Schema 2020-12, what OpenAPI 3.1 uses.
    case draft2020 = "2020-12"
    /// JSON Schema draft 4.
    case draft4 = "draft4"
    /// OpenAPI 3.0's schema object: draft 4 plus `nullable`, `discriminator`, `readOnly` / `writeOnly`, and
    /// boolean `exclusiveMinimum` / `exclusiveMaximum`.
    case openAPI30 = "openapi-3.0"

    /// The meta-schema URI of a dialect named by `$schema`, if it is one we read.
    static func named(_ uri: String) -> SchemaDialect? {
        switch uri.hasSuffix("#") ? String(uri.dropLast()) : uri {
        case "https://json-schema.org/draft/2020-12/schema": .draft2020
        case "http://json-schema.org/draft-04/schema", "http://json-schema.org/schema": .draft4
        default: nil
        }
    }

    /// Draft 4's rules: `id`, `definitions`, `$ref` beside other keywords ignoring them, array `items`.
    var isDraft4Family: Bool { self != .draft2020 }

    /// The keyword that names a schema resource.
    var idKeyword: String { isDraft4Family ? "id" : "$id" }
}

/// How a validation runs.
package struct SchemaOptions: Sendable, Hashable {
    /// Whether `format` is checked (date-time, date, email, uuid, uri, ipv4, ipv6) rather than an annotation.
    package var formatAssertion = false
    /// Which way the instance travels: answers may leave out `writeOnly` required properties, requests
    /// `readOnly` ones (OpenAPI's rule).
    package var direction = Direction.response
    /// At most this many violations are reported (the validation still says whether the instance is valid).
    package var maxViolations = 100
    /// At most this many keyword evaluations; past it the validation stops and says so.
    package var maxSteps = 50_000_000

    package enum Direction: Sendable, Hashable {
        case response
        case request
    }

    package init(formatAssertion: Bool = false, direction: Direction = .response) {
        self.formatAssertion = formatAssertion
        self.direction = direction
    }
}
