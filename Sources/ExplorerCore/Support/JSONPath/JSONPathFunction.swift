/// The function extensions RFC 9535 defines (§2.4.4–2.4.8), with their declared parameter and result types.
enum JSONPathFunction: String, Sendable, CaseIterable {
    case length
    case count
    case match
    case search
    case value

    var parameters: [JSONPathSyntax.ValueKind] {
        switch self {
        case .length: [.value]
        case .count, .value: [.nodes]
        case .match, .search: [.value, .value]
        }
    }

    var result: JSONPathSyntax.ValueKind {
        switch self {
        case .length, .count, .value: .value
        case .match, .search: .logical
        }
    }
}
