import Foundation

/// A value an endpoint captured from a response, with where and when it came from.
package struct CapturedValue: Sendable, Equatable, Codable {
    /// The capture's name (the part after the endpoint id in `{{endpoint.name}}`).
    package var name: String
    package var value: String
    /// The endpoint whose response held it.
    package var endpointID: String
    package var capturedAt: Date
    /// Masked when shown, kept out of exports and logs (`Capture.isSecretLike`).
    package var isSecret: Bool

    package init(name: String, value: String, endpointID: String, capturedAt: Date, isSecret: Bool) {
        self.name = name
        self.value = value
        self.endpointID = endpointID
        self.capturedAt = capturedAt
        self.isSecret = isSecret
    }

    enum CodingKeys: String, CodingKey {
        case name, value
        case endpointID = "endpoint"
        case capturedAt = "captured_at"
        case isSecret = "secret"
    }

    /// The variable name other endpoints use: `endpoint.name`.
    package var reference: String { "\(endpointID).\(name)" }

    /// The value as shown: bullets for a secret unless revealed.
    package func shown(revealed: Bool = false) -> String {
        isSecret && !revealed ? VariableScope.mask : SafeText.escape(value)
    }
}
