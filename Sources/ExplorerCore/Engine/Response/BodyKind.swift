/// How a response body is shown: the decision both front ends take from `BodyClassifier`.
package enum BodyKind: Sendable, Equatable {
    /// No bytes.
    case empty
    /// Formatted as JSON (when it parses; otherwise as `BodyClassifier.plainKind` says).
    case json
    /// Text, with control characters escaped.
    case text
    /// Not shown as text: a hex dump in the TUI, a notice in `apix run`.
    case binary
}
