/// A named value from a profile: a path param, query item or header. `values == nil` is YAML `null`: the item
/// is listed (the editor shows it) but dropped when sending; several values repeat the name.
public struct Parameter: Sendable, Hashable {
    public var name: String
    public var values: [Template]?
    public var location: SourceLocation?

    public init(name: String, values: [Template]?, location: SourceLocation? = nil) {
        self.name = name
        self.values = values
        self.location = location
    }

    public init(_ name: String, _ value: Template?) {
        self.init(name: name, values: value.map { [$0] })
    }

    /// The single value, when there is exactly one.
    public var value: Template? { values?.count == 1 ? values?.first : nil }
}
