import Foundation

/// The values `{{name}}` references resolve to: profile variables, then the environment's, then the user's,
/// with `env.NAME` read from the process environment. Remembers which names are secrets, for masking.
package struct VariableScope: Sendable, Equatable {
    package static let mask = "••••"

    /// What a masked secret is shown as.
    package enum MaskStyle: Sendable, Equatable {
        /// `••••`, for the screen.
        case bullets
        /// A marker made of URL-safe characters that survives percent-encoding and JSON, so an export can turn
        /// it into a shell variable afterwards (`SecretMarker`). `{{env.NAME}}` values are marked too.
        case marker
    }

    package private(set) var values: [String: String]
    package private(set) var secretNames: Set<String>
    package var processEnvironment: [String: String]
    package var maskStyle: MaskStyle

    package init(
        values: [String: String] = [:], secretNames: Set<String> = [],
        processEnvironment: [String: String] = ProcessInfo.processInfo.environment, maskStyle: MaskStyle = .bullets
    ) {
        self.values = values
        self.secretNames = secretNames
        self.processEnvironment = processEnvironment
        self.maskStyle = maskStyle
    }

    /// Layers `more` over the current values (later wins).
    mutating func merge(_ more: [String: String], secret: Bool = false) {
        values.merge(more) { _, new in new }
        if secret { secretNames.formUnion(more.keys) }
    }

    package func value(for name: String) -> String? {
        if name.hasPrefix("env.") { return processEnvironment[String(name.dropFirst(4))] }
        return values[name]
    }

    func isSecret(_ name: String) -> Bool {
        secretNames.contains(name) || (maskStyle == .marker && name.hasPrefix("env."))
    }

    /// The text a reference renders to: its value, or its mask when `masking` and the name is secret.
    package func rendered(_ name: String, masking: Bool) -> String? {
        guard let value = value(for: name) else { return nil }
        guard masking, isSecret(name) else { return value }
        return maskText(for: name)
    }

    /// What a secret named `name` shows as in this scope's `maskStyle`.
    func maskText(for name: String) -> String {
        switch maskStyle {
        case .bullets: Self.mask
        case .marker: SecretMarker.marker(for: name)
        }
    }
}
