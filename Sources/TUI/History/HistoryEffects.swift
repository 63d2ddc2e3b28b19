import ExplorerCore
import ExplorerHistory
import Foundation

/// The runtime's history work, off the main actor: reading the history for its window, and recording each
/// finished exchange.
struct HistoryEffects: Sendable {
    let recorder: HistoryRecorder?
    let inbox: Inbox

    /// What one exchange is recorded with: its plan, as the send effect carried it.
    struct Recording: Sendable {
        let recorder: HistoryRecorder
        let exchange: ExchangePlan
        /// The history entry the exchange sends again, if it does.
        let replayOf: String?

        /// What recording `exchange` needs; nil when history is off for its profile.
        init?(_ exchange: ExchangePlan, replayOf: String?, recorder: HistoryRecorder) {
            guard recorder.records(exchange.profile) else { return nil }
            self.recorder = recorder
            self.exchange = exchange
            self.replayOf = replayOf
        }

        /// Records the exchange with its `expect:` checks (kept without its secrets, as `apix test` keeps them) on
        /// the recorder's writer thread, which builds the entry too (`HistoryRecording.entry(for:…)`); a failure goes
        /// to the log (history never fails a send). `sent`: the request that went; `credentials`: the credential
        /// at hand after the send (a token may have been fetched for it), a secret too.
        func record(
            _ result: Result<Response, ClientError>, checks: [CheckResult] = [], sent: PreparedRequest,
            credentials: PreparedRequest?, log: LogFile
        ) {
            if case .failure(let error) = result, error.isCancelled { return }
            let bytes = (try? result.get())?.body.count ?? 0
            recorder.recordLater(bytes: bytes) {
                HistoryRecording.entry(
                    for: exchange, sent: sent, origin: replayOf == nil ? .explorer : .replay, result: result,
                    token: nil, credentials: credentials, checks: checks, replayOf: replayOf, streamsFileBodies: true
                ).entry
            } onFailure: { warning in
                log.write("history: \(warning)")
            }
        }
    }

    /// Reads `key`'s baseline and posts it; nothing when history is off for its profile (no baseline then, as for an
    /// endpoint sent too few times) or cannot be read (the word on a slow send is a comfort, not worth an error).
    private func loadBaseline(_ key: EndpointKey, before: Date) {
        guard let recorder, recorder.records(nil) else { return }
        let inbox = inbox
        Task.detached {
            await recorder.waitUntilIdle(upTo: .seconds(2))
            guard let store = try? recorder.opened() else { return }
            let baseline = try? store.baseline(profile: key.profile, endpoint: key.endpoint, before: before)
            inbox.post(.baselineLoaded(key, baseline ?? nil))
        }
    }

    func perform(_ effect: Effect) {
        let inbox = inbox
        if case .loadBaseline(let key, let before) = effect {
            loadBaseline(key, before: before)
            return
        }
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
