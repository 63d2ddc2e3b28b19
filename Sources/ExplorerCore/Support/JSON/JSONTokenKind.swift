/// What a piece of pretty-printed JSON is, for choosing its colour.
package enum JSONTokenKind: Sendable, Hashable, CaseIterable {
    /// An object key, quotes included.
    case key
    /// A string value, quotes included.
    case string
    /// A number, as written in the source.
    case number
    /// `true` or `false`.
    case bool
    /// `null`.
    case null
    /// `{ } [ ] , :`
    case punctuation
}
