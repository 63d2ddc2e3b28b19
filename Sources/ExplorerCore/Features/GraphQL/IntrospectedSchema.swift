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
    /// refused (introspection switched off, say).
    package static func read(answer data: Data) throws(ReadError) -> IntrospectedSchema {
        let document: JSONValue
        do {
            document = try JSONValue.parse(data)
        } catch {
            throw ReadError(description: "the answer is not JSON: \(error)")
        }
        guard let schema = document["data"]?["__schema"], case .object = schema else {
            let messages = (document["errors"]?.arrayValue ?? []).compactMap { $0["message"]?.stringValue }
            throw ReadError(
                description: messages.isEmpty
                    ? "the answer has no data.__schema"
                    : "the server answered with errors: " + messages.joined(separator: "; "))
        }
        return try read(schema: schema)
    }

    /// The schema from the `__schema` object itself (as the cache keeps it).
    package static func read(schema: JSONValue) throws(ReadError) -> IntrospectedSchema {
        do {
            return try JSONDecoder().decode(IntrospectedSchema.self, from: Data(schema.serialized().utf8))
        } catch {
            throw ReadError(description: "data.__schema is not an introspection result: \(error)")
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
