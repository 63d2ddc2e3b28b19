import ExplorerCore
import Foundation

extension Runtime {
    /// How often a stream's new events reach the screen (the runtime's tick).
    nonisolated static let eventPollInterval: Duration = .milliseconds(100)

    /// Posts a streamed response's events (`.streamUpdated`) whenever they changed, formatted off the main actor,
    /// until cancelled; then once more, so the last events and the final counts are shown.
    nonisolated static func watchEvents(_ events: EventStream, exchange id: Int, inbox: Inbox) -> Task<Void, Never> {
        Task.detached {
            var rows = EventRows()
            var seen = -1
            func post() {
                let version = events.version
                guard version != seen, let snapshot = events.snapshot() else { return }
                seen = version
                rows = rows.updated(with: snapshot)
                inbox.post(.streamUpdated(exchange: id, rows))
            }
            while !Task.isCancelled {
                post()
                try? await Task.sleep(for: Self.eventPollInterval)
            }
            post()
        }
    }
}
