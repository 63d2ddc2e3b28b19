/// One row of the endpoint list: a profile, a folder inside it, or an endpoint (indexes into the catalog).
public enum ListRow: Hashable, Sendable {
    case profile(Int)
    case folder(profile: Int, name: String)
    case endpoint(profile: Int, index: Int)
}

/// Which pane has the keyboard.
public enum Focus: Hashable, Sendable, CaseIterable {
    case list, editor, response
}

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
