/// Why a JSONPath evaluation ended without a result.
enum JSONPathStop: Error {
    case cancelled
    case tooExpensive(RegexTooExpensive)
}
