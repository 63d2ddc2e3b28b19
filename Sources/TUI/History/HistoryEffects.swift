import ExplorerCore
import ExplorerHistory
import Foundation

/// The runtime's history work, off the main actor: reading the history for its window, and recording each
/// finished exchange.
struct HistoryEffects: Sendable {
    let recorder: HistoryRecorder?
    let inbox: Inbox

    /// What one exchange is recorded with, taken from the state when it was sent.
    struct Recording: Sendable {
        let recorder: HistoryRecorder
        let profile: String?
        let environment: String?
        let endpoint: String?
        /// The request as shown: credentials and secrets masked.
        let shown: PreparedRequest
        let secrets: HistorySecrets
        let replayOf: String?
        /// The body went to the user's file (`download: to:`), which the history does not copy.
        let bodyElsewhere: Bool

        /// Records the exchange with its `expect:` checks (kept without its secrets, as `apix test` keeps them) on
        /// the recorder's writer thread, which builds the entry too; a failure goes to the log (history never fails
        /// a send).
        func record(
            _ result: Result<Response, ClientError>, checks: [CheckResult] = [], credentials: PreparedRequest?,
            log: LogFile
        ) {
            if case .failure(let error) = result, error.isCancelled { return }
            let bytes = (try? result.get())?.body.count ?? 0
            recorder.recordLater(bytes: bytes) {
                let secrets = credentials.map { self.secrets.adding(credentialsOf: $0) } ?? self.secrets
                return HistoryRecording.entry(
                    origin: replayOf == nil ? .explorer : .replay, profile: profile, environment: environment,
                    endpoint: endpoint, shown: shown, result: result, checks: checks, secrets: secrets,
                    bodyElsewhere: bodyElsewhere, replayOf: replayOf, streamsFileBodies: true)
            } onFailure: { warning in
                log.write("history: \(warning)")
            }
        }
    }

    /// What recording exchange `id` needs, taken from the state when it is sent; nil when history is off for it.
    static func recording(
        for id: Int, in state: AppState, request: RequestPlan, auth: AuthSessionKey, recorder: HistoryRecorder
    ) -> Recording? {
        guard let exchange = state.exchanges[id] else { return nil }
        let profile = state.catalog.profile(exchange.key.profile)
        guard recorder.records(profile) else { return nil }
        var shown = request.request
        var replayOf: String?
        if case .replay(let of) = exchange.origin {
            replayOf = of
        } else if let masked = try? state.prepare(exchange.key, masking: true).get() {
            shown = masked.request
        }
        shown.headers = shown.headersOnTheWire(sentBody: request.request.body)
        let isEndpoint = profile?.endpoint(exchange.key.endpoint) != nil
        return Recording(
            recorder: recorder, profile: profile?.id, environment: auth.environment,
            endpoint: isEndpoint ? exchange.key.endpoint : nil, shown: shown,
            secrets: state.historySecrets(for: exchange.key), replayOf: replayOf,
            bodyElsewhere: request.request.options.downloadTo != nil)
    }

    func perform(_ effect: Effect) {
        let inbox = inbox
        guard let recorder else {
            inbox.post(.historyLoaded([], error: "history is off in this session"))
            return
        }
        Task.detached {
            // Exchanges still waiting to be written behind the sender are written first, so the view shows them.
            await recorder.waitUntilIdle(upTo: .seconds(2))
            do throws(HistoryStoreError) {
                let store = try recorder.opened()
                switch effect {
                case .loadHistory(let profile, let endpoint):
                    inbox.post(
                        .historyLoaded(try store.entries(profile: profile, endpoint: endpoint, limit: 500), error: nil))
                case .loadHistoryEntry(let id, let resend):
                    inbox.post(.historyEntryLoaded(try store.entry(id: id), resend: resend, error: nil))
                case .loadHistoryDiff(let old, let new):
                    guard let before = try store.entry(id: old), let after = try store.entry(id: new) else {
                        inbox.post(.historyDiffLoaded(nil, error: "the entries are gone"))
                        return
                    }
                    inbox.post(.historyDiffLoaded(HistoryDiff(old: before, new: after), error: nil))
                default:
                    break
                }
            } catch {
                switch effect {
                case .loadHistoryEntry(_, let resend):
                    inbox.post(.historyEntryLoaded(nil, resend: resend, error: error.description))
                case .loadHistoryDiff: inbox.post(.historyDiffLoaded(nil, error: error.description))
                default: inbox.post(.historyLoaded([], error: error.description))
                }
            }
        }
    }
}
