/// One editable row of the request editor: a path param, query item or header.
struct DraftRow: Hashable, Sendable {
    public var name: String
    public var value: String
    /// Disabled rows stay listed but are not sent (YAML `null` items start disabled).
    public var enabled: Bool

    public init(name: String, value: String, enabled: Bool = true) {
        self.name = name
        self.value = value
        self.enabled = enabled
    }
}
