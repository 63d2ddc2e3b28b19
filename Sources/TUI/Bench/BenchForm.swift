import ExplorerBench
import ExplorerCore

/// The bench form (`b` on an endpoint): requests (a count or a time), connections, rate; Enter starts the run, after
/// a yes when it would send more than 1,000 requests to another machine (`BenchSettings.needsConfirmation`).
package struct BenchForm: Hashable, Sendable {
    /// The endpoint the bench sends.
    package let key: EndpointKey
    /// The host its requests go to (asked about when it is not this machine).
    package let host: String
    /// One field per `BenchSettings.Field`, in order.
    package var fields: [LineEditor]
    package var focused = 0
    /// What the last Enter found wrong, shown under the fields until the next key.
    package var error: String?
    /// The settings waiting for a yes, and the question asked.
    package var confirming: PendingRun?

    /// A run that needs the user's yes first.
    package struct PendingRun: Hashable, Sendable {
        package var settings: BenchSettings
        package var question: String
    }

    package init(key: EndpointKey, host: String, requests: String = String(BenchSettings.defaultCount)) {
        self.key = key
        self.host = host
        // The defaults, selected: typing replaces them, an arrow key edits them.
        fields = [LineEditor(requests, selected: true), LineEditor("1", selected: true), LineEditor()]
    }

    /// Labels, in the fields' order.
    static let labels = ["requests", "connections", "rate /s"]
    /// What each field takes, beside it.
    static let notes = ["count, or a time: 30s, 2m", "at once, 1–10000", "optional: open model"]

    /// The settings the fields say, or what is wrong with them (the field is focused).
    package mutating func settings() -> BenchSettings? {
        do {
            return try BenchSettings.parse(
                requests: fields[0].text, connections: fields[1].text, rate: fields[2].text)
        } catch {
            self.error = error.message
            focused = BenchSettings.Field.allCases.firstIndex(of: error.field) ?? focused
            return nil
        }
    }

    /// The question asked before `settings` are sent to `host`, or nil when none is needed (this machine, or at
    /// most 1,000 requests).
    static func question(for settings: BenchSettings, host: String) -> String? {
        guard settings.needsConfirmation(host: host) else { return nil }
        let planned = settings.plannedRequests.map { "\($0) requests" } ?? "requests for as long as it runs"
        return
            "\(planned) to \(SafeText.escape(host)), which is not this machine: y sends them, any other key goes back"
    }
}
