import Foundation

/// A bench's settings from what a person typed (the TUI's bench form): the same rules as `apix bench`'s flags, so
/// the two cannot accept different runs.
extension BenchSettings {
    /// The fields a bench is asked with.
    public enum Field: String, Sendable, CaseIterable, Equatable {
        case requests, connections, rate
    }

    /// What is wrong with one field, in words for the form.
    public struct InputError: Error, Sendable, Equatable {
        public var field: Field
        public var message: String
    }

    /// Reads `requests` (a count, `200`, `10_000` or `10,000`; or a time, `30s`, `2m`, `500ms`; empty: 200),
    /// `connections` (1 to 10,000; empty: 1) and `rate` (requests a second, any positive number; empty: none).
    public static func parse(requests: String, connections: String, rate: String) throws(InputError) -> BenchSettings {
        let requests = requests.trimmingCharacters(in: .whitespaces)
        let stop: Stop
        if requests.isEmpty {
            stop = .count(defaultCount)
        } else if let count = Self.count(requests) {
            guard count >= 1 else { throw InputError(field: .requests, message: "requests must be at least 1") }
            stop = .count(count)
        } else if let duration = Self.duration(requests) {
            stop = .duration(duration)
        } else {
            throw InputError(
                field: .requests,
                message: "requests: a count (200) or a time (30s, 2m, 500ms), not '\(requests.prefix(40))'")
        }
        let connectionsText = connections.trimmingCharacters(in: .whitespaces)
        var at = 1
        if !connectionsText.isEmpty {
            guard let count = Self.count(connectionsText), (1...10_000).contains(count) else {
                throw InputError(field: .connections, message: "connections must be a number from 1 to 10000")
            }
            at = count
        }
        let rateText = rate.trimmingCharacters(in: .whitespaces)
        var perSecond: Double?
        if !rateText.isEmpty {
            guard let value = Double(rateText.replacingOccurrences(of: "_", with: "")), value > 0, value.isFinite
            else {
                throw InputError(field: .rate, message: "rate must be a positive number of requests a second")
            }
            perSecond = value
        }
        return BenchSettings(stop: stop, connections: at, rate: perSecond)
    }

    /// `200`, `10_000`, `10,000`: digits only (a sign or a fraction is no count); nil when too large for an Int.
    static func count(_ text: String) -> Int? {
        let digits = text.filter { $0 != "_" && $0 != "," }
        guard !digits.isEmpty, digits.allSatisfy(\.isASCII), digits.allSatisfy(\.isNumber) else { return nil }
        return Int(digits)
    }
}
