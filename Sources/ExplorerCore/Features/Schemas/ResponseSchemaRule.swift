/// One entry of an endpoint's `responses:` map: which answers a named schema describes, written as OpenAPI writes
/// its response keys (`"200"`, `"4XX"`, `default`).
///
/// ```yaml
/// responses: { "200": Todo, "4XX": Problem, default: Problem }
/// ```
package struct ResponseSchemaRule: Sendable, Hashable {
    package enum Status: Sendable, Hashable, CustomStringConvertible {
        /// One status code (`"200"`).
        case code(Int)
        /// A class of codes (`"4XX"`: 4).
        case range(Int)
        /// Every status no other entry names (`default`).
        case other

        /// The key as OpenAPI writes it: `200`, `4XX`, `default`.
        package var description: String {
            switch self {
            case .code(let code): String(code)
            case .range(let digit): "\(digit)XX"
            case .other: "default"
            }
        }

        /// Reads a `responses:` key: a code 100–599, a class `1XX`–`5XX` (any case), or `default`.
        package init?(_ text: String) {
            if text == "default" {
                self = .other
            } else if let code = Int(text), (100...599).contains(code), text.count == 3 {
                self = .code(code)
            } else if text.count == 3, text.uppercased().hasSuffix("XX"), let digit = Int(text.prefix(1)),
                (1...5).contains(digit)
            {
                self = .range(digit)
            } else {
                return nil
            }
        }
    }

    package var status: Status
    /// The schema's name among the profile's (`schemas:` or `ID.schemas.json`).
    package var schema: String
    /// Where the name was written, for `apix check`.
    package var location: SourceLocation?

    package init(status: Status, schema: String, location: SourceLocation? = nil) {
        self.status = status
        self.schema = schema
        self.location = location
    }

    /// The rule that describes an answer of `statusCode`, as OpenAPI chooses: the code itself, else its class,
    /// else `default`; nil when none does.
    package static func rule(for statusCode: Int, in rules: [ResponseSchemaRule]) -> ResponseSchemaRule? {
        rules.first { $0.status == .code(statusCode) } ?? rules.first { $0.status == .range(statusCode / 100) }
            ?? rules.first { $0.status == .other }
    }
}
