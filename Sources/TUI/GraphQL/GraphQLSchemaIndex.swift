import ExplorerCore
import Foundation

/// A kept schema as the explorer uses it: the introspection result with its types by name, read once off the main
/// actor when the schema is loaded (`Runtime+GraphQL`) so completion and the browser look a type up without a scan.
/// Immutable, so it is shared by reference between the state and the runtime's work.
package final class GraphQLSchemaIndex: Sendable {
    /// Names this schema among others (its URL and when it was fetched): what a checker keeps its build under.
    package let id: String
    package let schema: IntrospectedSchema
    package let fetchedAt: Date
    /// The schema's own types (not `__Type` and the like) in name order, as the browser lists them.
    package let typeNames: [String]
    private let positions: [String: Int]

    package init(_ schema: IntrospectedSchema, url: String, fetchedAt: Date) {
        self.schema = schema
        self.fetchedAt = fetchedAt
        id = url + "@" + String(Int(fetchedAt.timeIntervalSince1970))
        var positions: [String: Int] = [:]
        for (index, type) in schema.types.enumerated() { positions[type.name] = index }
        self.positions = positions
        typeNames = schema.ownTypes.map(\.name).sorted()
    }

    package func type(_ name: String) -> IntrospectedSchema.FullType? {
        positions[name].map { schema.types[$0] }
    }

    /// The root type of an operation kind (`query`, `mutation`, `subscription`).
    package func rootType(_ operation: String) -> IntrospectedSchema.FullType? {
        let named: IntrospectedSchema.Named? =
            switch operation {
            case "mutation": schema.mutationType
            case "subscription": schema.subscriptionType
            default: schema.queryType
            }
        return named.flatMap { type($0.name) }
    }

    /// A field of a type, with the introspection fields every selection set has (`__typename`).
    package func field(_ name: String, of type: String) -> IntrospectedSchema.Field? {
        self.type(type)?.fields?.first { $0.name == name }
    }

    /// The named type a reference wraps (`[User!]!` → `User`).
    package static func namedType(_ ref: IntrospectedSchema.TypeRef) -> String? {
        ref.name ?? ref.ofType.flatMap(namedType)
    }

    /// One line of how many types of each kind, for the body editor's hint line.
    package var summary: String {
        "\(typeNames.count) types"
    }
}
