import ExplorerCore
import Synchronization

/// An exchange is recorded with its `expect:` checks, which are known only after its answer was concluded
/// (`.concludeChain` → `.chainConcluded`), while the send's task has the rest of the record. Each side hands in its
/// part under the exchange's id; whichever comes second records (which only hands the work to the recorder's writer
/// thread, so the main actor may).
final class RecordsAwaitingChecks: Sendable {
    /// Records the exchange with its checks (scrubbed of its secrets by `HistoryRecording`).
    typealias Record = @Sendable ([CheckResult]) -> Void

    private enum Part {
        /// The send's part: nil when the exchange is not recorded.
        case record(Record?)
        case checks([CheckResult])
    }

    private let parts = Mutex<[Int: Part]>([:])

    /// The send's side, once its answer is in: `record` nil when history is off for the exchange.
    func finished(_ id: Int, record: Record?) {
        let checks = parts.withLock { parts -> [CheckResult]? in
            guard case .checks(let checks) = parts[id] else {
                parts[id] = .record(record)
                return nil
            }
            parts[id] = nil
            return checks
        }
        if let checks { record?(checks) }
    }

    /// The update's side: the exchange's checks, empty when none will come.
    func checked(_ id: Int, _ checks: [CheckResult]) {
        let held = parts.withLock { parts -> Record?? in
            guard case .record(let record) = parts[id] else {
                parts[id] = .checks(checks)
                return nil
            }
            parts[id] = nil
            return .some(record)
        }
        guard case .some(.some(let record)) = held else { return }
        record(checks)
    }

    /// Hands in the checks `action` settles, given the effects its update asked for: a finished exchange is
    /// concluded (its checks to come) exactly when the update asked for `.concludeChain`; otherwise it has none.
    func observe(_ action: Action, effects: [Effect]) {
        switch action {
        case .exchangeFinished(let id, _, _):
            let concluding = effects.contains { effect in
                if case .concludeChain(let exchange, _, _, _, _, _) = effect { return exchange == id }
                return false
            }
            if !concluding { checked(id, []) }
        case .chainConcluded(let id, _, let step):
            checked(id, step.checks)
        default:
            break
        }
    }
}
