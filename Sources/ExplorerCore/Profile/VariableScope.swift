import Foundation

/// The values `{{name}}` references resolve to: profile variables, then the environment's, then the user's,
/// with `env.NAME` read from the process environment. Remembers which names are secrets, for masking.
public struct VariableScope: Sendable, Equatable {
    public static let mask = "••••"

    public private(set) var values: [String: String]
    public private(set) var secretNames: Set<String>
    public var processEnvironment: [String: String]

    public init(
        values: [String: String] = [:], secretNames: Set<String> = [],
        processEnvironment: [String: String] = ProcessInfo.processInfo.environment
    ) {
        self.values = values
        self.secretNames = secretNames
        self.processEnvironment = processEnvironment
    }

    /// Layers `more` over the current values (later wins).
    public mutating func merge(_ more: [String: String], secret: Bool = false) {
        values.merge(more) { _, new in new }
        if secret { secretNames.formUnion(more.keys) }
    }

    public func value(for name: String) -> String? {
        if name.hasPrefix("env.") { return processEnvironment[String(name.dropFirst(4))] }
        return values[name]
    }

    public func isSecret(_ name: String) -> Bool { secretNames.contains(name) }
}
