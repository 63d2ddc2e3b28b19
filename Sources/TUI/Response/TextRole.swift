import ExplorerCore

/// What a piece of displayed text is; `Theme` turns roles into styles (colour or monochrome).
package enum TextRole: Hashable, Sendable {
    case plain, muted, key, string, number, bool, null, punctuation
    /// A check's mark: passed or failed.
    case passed, failed

    init(_ kind: JSONTokenKind) {
        switch kind {
        case .key: self = .key
        case .string: self = .string
        case .number: self = .number
        case .bool: self = .bool
        case .null: self = .null
        case .punctuation: self = .punctuation
        }
    }
}
