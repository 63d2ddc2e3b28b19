/// One editable row of the request editor: a path param, query item or header.
struct DraftRow: Hashable, Sendable {
    package var name: String
    package var value: String
    /// Disabled rows stay listed but are not sent (YAML `null` items start disabled).
    package var enabled: Bool

    package init(name: String, value: String, enabled: Bool = true) {
        self.name = name
        self.value = value
        self.enabled = enabled
    }
}
