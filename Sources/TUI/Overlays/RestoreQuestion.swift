/// Asked at start when the last session ended with edits not saved (a crash, kill -9, SIGTERM): bring them back
/// into this session's drafts, or let them go.
package struct RestoreQuestion: Hashable, Sendable {
    /// The drafts the journal kept, for endpoints that still exist and differ from the profile as saved.
    var drafts: [EndpointKey: RequestDraft]

    /// Endpoints the edits are for, as `profile/endpoint`, in order.
    package var endpoints: [String] {
        drafts.keys.sorted { ($0.profile, $0.endpoint) < ($1.profile, $1.endpoint) }.map(\.description)
    }

    /// `unsaved edits to demo/todos.get survived the last session: restore them?`.
    package var text: String {
        let names = endpoints.count <= 2 ? endpoints.joined(separator: ", ") : "\(endpoints.count) endpoints"
        return "unsaved edits to \(names) survived the last session: restore them?"
    }
}
