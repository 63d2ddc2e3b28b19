import Foundation

/// A schema as the standard introspection query answers it (`data.__schema`): the types, their fields,
/// arguments, enum values and deprecations, and the root operation types.
package struct IntrospectedSchema: Codable, Sendable {
    package struct Named: Codable, Sendable {
        package var name: String
    }

    /// A reference to a type: a named one, or a list or non-null wrapping another.
    package final class TypeRef: Codable, Sendable {
        package let kind: String
        package let name: String?
        package let ofType: TypeRef?

        /// As SDL writes it: `[User!]!`.
        package var sdl: String {
            switch kind {
            case "NON_NULL": (ofType?.sdl ?? "?") + "!"
            case "LIST": "[" + (ofType?.sdl ?? "?") + "]"
            default: name ?? "?"
            }
        }
    }

    package struct InputValue: Codable, Sendable {
        package var name: String
        package var description: String?
        package var type: TypeRef
        /// The default as a GraphQL literal, as the server wrote it.
        package var defaultValue: String?
        package var isDeprecated: Bool?
        package var deprecationReason: String?
    }

    package struct Field: Codable, Sendable {
        package var name: String
        package var description: String?
        package var args: [InputValue]
        package var type: TypeRef
        package var isDeprecated: Bool?
        package var deprecationReason: String?
    }

    package struct EnumValue: Codable, Sendable {
        package var name: String
        package var description: String?
        package var isDeprecated: Bool?
        package var deprecationReason: String?
    }

    package struct FullType: Codable, Sendable {
        /// SCALAR, OBJECT, INTERFACE, UNION, ENUM or INPUT_OBJECT.
        package var kind: String
        package var name: String
        package var description: String?
        package var fields: [Field]?
        package var inputFields: [InputValue]?
        package var interfaces: [TypeRef]?
        package var enumValues: [EnumValue]?
        package var possibleTypes: [TypeRef]?
        package var specifiedByURL: String?
    }

    package struct Directive: Codable, Sendable {
        package var name: String
        package var description: String?
        package var locations: [String]
        package var args: [InputValue]
        package var isRepeatable: Bool?
    }

    package var queryType: Named?
    package var mutationType: Named?
    package var subscriptionType: Named?
    package var types: [FullType]
    package var directives: [Directive]?

    /// Why an answer is not an introspection result.
    package struct ReadError: Error, Sendable, CustomStringConvertible {
        package var description: String

        package init(description: String) { self.description = description }
    }

    /// The schema in an introspection answer's body (`{"data": {"__schema": …}}`); the server's `errors` when it
    /// refused (introspection switched off, say). Decoded straight from the bytes: a big schema's answer is tens of
    /// megabytes, and a tree in between (parsed, written back, decoded) took most of its reading time.
    package static func read(answer data: Data) throws(ReadError) -> IntrospectedSchema {
        let envelope = try decode(Envelope.self, from: data)
        if let schema = envelope.data?.schema { return schema }
        // The refusal's path: the answer is small, and its errors are read loosely (any shape, messages or not).
        let document = try? JSONValue.parse(data)
        let messages = (document?["errors"]?.arrayValue ?? []).compactMap { $0["message"]?.stringValue }
        throw ReadError(
            description: messages.isEmpty
                ? "the answer has no data.__schema"
                : "the server answered with errors: " + messages.joined(separator: "; "))
    }

    /// The schema in a JSON file: an introspection answer (`{"data": {"__schema": …}}`) or its `__schema` object
    /// alone (`{"__schema": …}`, as graphql-js and most tools save it); nil when the bytes are not JSON at all.
    package static func read(document data: Data) throws(ReadError) -> IntrospectedSchema? {
        let envelope: Envelope
        do {
            envelope = try JSONDecoder().decode(Envelope.self, from: data)
        } catch {
            if isNotJSON(error) { return nil }
            throw ReadError(description: "data.__schema is not an introspection result: \(error)")
        }
        if let schema = envelope.data?.schema ?? envelope.schema { return schema }
        // No schema: a saved answer (`data`, maybe null, and `errors`) says why in the server's words.
        let document = try? JSONValue.parse(data)
        if document?["data"] != nil || document?["errors"] != nil { return try read(answer: data) }
        throw ReadError(description: "JSON without data.__schema or __schema: not an introspection result")
    }

    /// The schema from the `__schema` object itself.
    package static func read(schema: JSONValue) throws(ReadError) -> IntrospectedSchema {
        try read(schemaObject: Data(schema.serialized().utf8))
    }

    /// The schema from the bytes of the `__schema` object itself.
    package static func read(schemaObject data: Data) throws(ReadError) -> IntrospectedSchema {
        try decode(IntrospectedSchema.self, from: data)
    }

    /// `type` decoded from `data`, its failures in the reader's words: not JSON, or JSON of another shape.
    static func decode<Value: Decodable>(_ type: Value.Type, from data: Data) throws(ReadError) -> Value {
        do {
            return try JSONDecoder().decode(type, from: data)
        } catch {
            if isNotJSON(error) {
                // Our parser's message says where the text stops being JSON.
                throw ReadError(description: "the answer is not JSON: \(parseFailure(data, else: error))")
            }
            throw ReadError(description: "data.__schema is not an introspection result: \(error)")
        }
    }

    private static func isNotJSON(_ error: any Error) -> Bool {
        if case DecodingError.dataCorrupted(let context) = error, context.codingPath.isEmpty { return true }
        return false
    }

    private static func parseFailure(_ data: Data, else decoding: any Error) -> String {
        do {
            _ = try JSONValue.parse(data)
            return "\(decoding)"
        } catch {
            return "\(error)"
        }
    }

    /// What an introspection result comes wrapped in.
    private struct Envelope: Decodable {
        struct Payload: Decodable {
            var schema: IntrospectedSchema?
            enum CodingKeys: String, CodingKey { case schema = "__schema" }
        }
        var data: Payload?
        var schema: IntrospectedSchema?
        enum CodingKeys: String, CodingKey {
            case data
            case schema = "__schema"
        }
    }

    /// Types that are the schema's own: not the introspection types (`__Type`, …).
    package var ownTypes: [FullType] { types.filter { !$0.name.hasPrefix("__") } }

    /// The fields of the root type named by `named`.
    package func rootFields(_ named: Named?) -> [Field] {
        guard let name = named?.name else { return [] }
        return types.first { $0.name == name }?.fields ?? []
    }
}
