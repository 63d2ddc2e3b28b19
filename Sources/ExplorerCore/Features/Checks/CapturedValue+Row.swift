import Foundation

extension CapturedValue {
    /// One captured value as the explorer's values view lists it: the reference other endpoints use, the value
    /// (masked when secret-like, unless revealed), where it came from and how old it is.
    package struct Row: Sendable, Equatable {
        /// `endpoint.name`, as `{{endpoint.name}}` uses it.
        package var reference: String
        /// The value escaped for a terminal, or `••••` for a secret not revealed.
        package var shownValue: String
        package var isSecret: Bool
        /// The endpoint whose answer held the value.
        package var endpointID: String
        /// `12 s ago`, `5 min ago` (`Units.age`).
        package var age: String

        /// The rows of `held`, by reference; `revealed` names the secret values to show in clear.
        package static func rows(
            _ held: [String: CapturedValue], now: Date, revealed: Set<String> = []
        ) -> [Row] {
            held.values.sorted { $0.reference < $1.reference }.map { value in
                Row(
                    reference: value.reference, shownValue: value.shown(revealed: revealed.contains(value.reference)),
                    isSecret: value.isSecret, endpointID: value.endpointID,
                    age: Units.age(.seconds(max(0, now.timeIntervalSince(value.capturedAt)))) + " ago")
            }
        }
    }
}
