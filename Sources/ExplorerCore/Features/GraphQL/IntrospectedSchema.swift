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

        init(kind: String, name: String?, ofType: TypeRef?) {
            self.kind = kind
            self.name = name
            self.ofType = ofType
        }

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
    /// refused (introspection switched off, say). Parsed once and read by hand (`init(tree:)`): a big schema's
    /// answer is tens of megabytes, and `JSONDecoder` took most of its reading time.
    package static func read(answer data: Data) throws(ReadError) -> IntrospectedSchema {
        let document: JSONValue
        do {
            document = try JSONValue.parse(data)
        } catch {
            throw ReadError(description: "the answer is not JSON: \(error)")
        }
        return try read(answerTree: document)
    }

    /// `read(answer:)` of a parsed answer.
    static func read(answerTree document: JSONValue) throws(ReadError) -> IntrospectedSchema {
        if let schema = document["data"]?["__schema"], schema != .null { return try IntrospectedSchema(tree: schema) }
        let messages = (document["errors"]?.arrayValue ?? []).compactMap { $0["message"]?.stringValue }
        throw ReadError(
            description: messages.isEmpty
                ? "the answer has no data.__schema"
                : "the server answered with errors: " + messages.joined(separator: "; "))
    }

    /// The schema in a JSON file: an introspection answer (`{"data": {"__schema": …}}`) or its `__schema` object
    /// alone (`{"__schema": …}`, as graphql-js and most tools save it); nil when the bytes are not JSON at all.
    package static func read(document data: Data) throws(ReadError) -> IntrospectedSchema? {
        guard let document = try? JSONValue.parse(data) else { return nil }
        if document["data"] != nil || document["errors"] != nil { return try read(answerTree: document) }
        guard let schema = document["__schema"] else {
            throw ReadError(description: "JSON without data.__schema or __schema: not an introspection result")
        }
        return try IntrospectedSchema(tree: schema)
    }

    /// The schema from the `__schema` object itself.
    package static func read(schema: JSONValue) throws(ReadError) -> IntrospectedSchema {
        try IntrospectedSchema(tree: schema)
    }

    /// The schema from the bytes of the `__schema` object itself.
    package static func read(schemaObject data: Data) throws(ReadError) -> IntrospectedSchema {
        do {
            return try IntrospectedSchema(tree: try JSONValue.parse(data))
        } catch let error as ReadError {
            throw error
        } catch {
            throw ReadError(description: "the answer is not JSON: \(error)")
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
