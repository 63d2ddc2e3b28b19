/// One way an instance does not match its schema.
package struct SchemaViolation: Sendable, Hashable, CustomStringConvertible {
    /// Where in the instance, as a JSONPath (`$.data[3].email`).
    package var instanceLocation: String
    /// The keyword that failed, as a URI fragment of the schema (`#/components/schemas/Customer/properties/email/type`).
    package var schemaLocation: String
    /// What was expected and what came, in plain words (`expected a string, got null`).
    package var message: String

    package init(instanceLocation: String, schemaLocation: String, message: String) {
        self.instanceLocation = instanceLocation
        self.schemaLocation = schemaLocation
        self.message = message
    }

    /// `$.data[3].email: expected a string, got null (#/components/schemas/Customer/properties/email/type)`.
    package var description: String {
        "\(instanceLocation): \(message) (\(schemaLocation))"
    }
}

/// The outcome of validating one instance.
package struct SchemaValidation: Sendable, Hashable {
    /// Whether the instance matches (false too when the validation stopped at its step bound).
    package var isValid: Bool
    /// The violations found, at most `SchemaOptions.maxViolations`, in instance order.
    package var violations: [SchemaViolation]
    /// How many violations there were in all (more than `violations.count` when some were left out).
    package var violationCount: Int
    /// Set when the validation stopped early (step bound, reference depth): the reason in words.
    package var stopped: String?
}
