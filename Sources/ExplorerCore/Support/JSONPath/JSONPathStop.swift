/// Why a JSONPath evaluation ended without a result.
enum JSONPathStop: Error, Sendable, CustomStringConvertible {
    case cancelled
    case tooExpensive(RegexTooExpensive)
    /// The walk took more steps than its limit: nested filters and descendant segments multiply the work
    /// (`$[?@..[?@..[?@..x]]]` is cubic in the document), and a query from a profile or a fuzzer must not spin.
    case tooManySteps(limit: Int)

    var description: String {
        switch self {
        case .cancelled: "\(CancellationError())"
        case .tooExpensive(let expensive): expensive.description
        case .tooManySteps(let limit):
            "query too expensive: stopped after \(Units.count(limit, "step")) (nested filters and descendant segments multiply the work)"
        }
    }
}
