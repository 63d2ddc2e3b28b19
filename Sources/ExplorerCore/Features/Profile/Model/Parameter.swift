/// A named value from a profile: a path param, query item or header. `values == nil` is YAML `null`: the item
/// is listed (the editor shows it) but dropped when sending; several values repeat the name.
///
/// `disabledValues` are values kept in the profile but not sent (`{ value: 1, enabled: false }`, the editor's
/// unticked rows): only `values` are ever sent, so every reader of `values` ignores them without knowing.
package struct Parameter: Sendable, Hashable {
    package var name: String
    package var values: [Template]?
    /// Values listed but switched off; a parameter with only these has `values == nil`.
    package var disabledValues: [Template]
    package var location: SourceLocation?

    package init(name: String, values: [Template]?, disabledValues: [Template] = [], location: SourceLocation? = nil) {
        self.name = name
        self.values = values
        self.disabledValues = disabledValues
        self.location = location
    }

    package init(_ name: String, _ value: Template?) {
        self.init(name: name, values: value.map { [$0] })
    }

    /// The single value, when there is exactly one.
    package var value: Template? { values?.count == 1 ? values?.first : nil }

    /// Whether the item only switches values off: a header written this way leaves an inherited one alone,
    /// where `null` removes it.
    var isOnlyDisabled: Bool { values == nil && !disabledValues.isEmpty }
}
