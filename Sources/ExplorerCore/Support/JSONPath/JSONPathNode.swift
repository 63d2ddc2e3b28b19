/// One node a query selected: its value and its location as an RFC 9535 normalized path (`$['a'][0]`).
public struct JSONPathNode: Sendable, Equatable {
    /// One step of a location: a member name or an array index.
    public enum Element: Sendable, Equatable {
        case name(String)
        case index(Int)
    }

    /// The selected value.
    public let value: JSONValue
    /// The steps from the root to the value.
    public let location: [Element]

    /// The normalized path (RFC 9535 §2.7): names in single quotes with the RFC's escapes.
    public var path: String {
        var text = "$"
        for element in location {
            switch element {
            case .index(let index): text += "[\(index)]"
            case .name(let name):
                text += "["
                JSONQuoting.append(name, quote: "'", to: &text)
                text += "]"
            }
        }
        return text
    }
}
