/// The response pane's tabs.
public enum ResponseTab: Int, CaseIterable, Hashable, Sendable {
    case body, headers, raw

    public var title: String {
        switch self {
        case .body: "Body"
        case .headers: "Headers"
        case .raw: "Raw"
        }
    }
}
