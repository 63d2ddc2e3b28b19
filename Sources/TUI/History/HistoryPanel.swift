import ExplorerCore
import ExplorerHistory
import Foundation

/// The history window (`H`): the recorded exchanges of the selected endpoint, or of everything; two may be marked
/// and compared.
package struct HistoryPanel: Hashable, Sendable {
    /// One listed entry, as the list shows it (the core's columns, the same words as `apix history`).
    package struct Row: Hashable, Sendable {
        package var id: String
        package var profile: String?
        package var endpoint: String?
        package var columns: [String]
    }

    /// The endpoint whose history is shown; nil: everything.
    package var endpoint: EndpointKey?
    package var rows: [Row] = []
    package var selected = 0
    /// Ids marked for a diff, at most two, in the order marked.
    package var marked: [String] = []
    /// The diff of the two marked entries, when shown (its lines, as `apix diff` prints them).
    package var diff: [String]?
    package var top = 0
    package var loading = true
    package var error: String?

    package init(endpoint: EndpointKey?) {
        self.endpoint = endpoint
    }

    var selectedRow: Row? { rows.indices.contains(selected) ? rows[selected] : nil }

    mutating func show(_ entries: [HistoryEntry], at now: Date) {
        rows = entries.map {
            Row(id: $0.id, profile: $0.profile, endpoint: $0.endpoint, columns: Array($0.columns(at: now).dropFirst()))
        }
        selected = min(selected, max(0, rows.count - 1))
        marked = marked.filter { id in rows.contains { $0.id == id } }
        loading = false
        error = nil
    }
}
