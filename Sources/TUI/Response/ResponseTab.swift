/// The response pane's tabs.
public enum ResponseTab: Int, CaseIterable, Hashable, Sendable {
    case body, headers, raw
    /// The endpoint's `expect:` checks on this answer.
    case checks

    public var title: String {
        switch self {
        case .body: "Body"
        case .headers: "Headers"
        case .raw: "Raw"
        case .checks: "Checks"
        }
    }
}
