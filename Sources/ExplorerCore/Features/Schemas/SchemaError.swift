/// A schema that cannot be compiled: not a schema, a reference to nothing, a pattern that does not compile.
package struct SchemaError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Where in the schema, as a URI fragment (`#/properties/id/pattern`).
    package var location: String
    package var message: String

    package init(location: String, message: String) {
        self.location = location
        self.message = message
    }

    package var description: String { "\(location): \(message)" }
}
