/// The request editor's tabs.
package enum EditorTab: Int, CaseIterable, Hashable, Sendable {
    case params, query, headers, body

    package var title: String {
        switch self {
        case .params: "Params"
        case .query: "Query"
        case .headers: "Headers"
        case .body: "Body"
        }
    }
}
