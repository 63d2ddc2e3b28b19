import CCurl
import Synchronization

/// What a burst does after one answer (`CurlTransport.burst`).
package enum BurstDecision: Sendable {
    /// The answer was taken: send the request again on this handle when there is a next one.
    case again
    /// The answer was taken, and the burst ends here (a pause the server asked for).
    case stop
    /// The answer needs the whole exchange pipeline (a 401 to refresh a token for, a redirect to follow): the
    /// burst ends and the caller sends this request again through `Client.send`; the answer was not taken.
    case handOff
}

/// How a burst ended.
package struct BurstEnd: Sendable, Equatable {
    /// Answers handed back (`BurstDecision.handOff`): each is a request still to send.
    package var handedOff = 0
    /// The caller's task was cancelled (the answers that came before were taken).
    package var cancelled = false
    /// Why no handle could be made or readied, when that happened.
    package var failure: String?
}

/// One burst's handles on the loop threads: each answer goes to `answered` where it arrives, and the handle is
/// re-added at once while `next` says another request is due, with no task, continuation or thread hop between
/// two exchanges. The caller resumes when every handle has stopped.
///
/// `@unchecked Sendable`: the closures are `@Sendable`, the counts live in a `Mutex`, and a handle is used only
/// by the loop that holds it.
final class CurlBurst: @unchecked Sendable {
    private struct State {
        var running: Int
        var end = BurstEnd()
        /// Set by a `stop` or `handOff`: no handle starts another exchange.
        var stopping = false
        var continuation: CheckedContinuation<BurstEnd, Never>?
    }

    private let next: @Sendable () -> Bool
    private let answered: @Sendable (Result<Response, TransportError>) -> BurstDecision
    private let state: Mutex<State>

    init(
        handles: Int, next: @escaping @Sendable () -> Bool,
        answered: @escaping @Sendable (Result<Response, TransportError>) -> BurstDecision
    ) {
        self.next = next
        self.answered = answered
        state = Mutex(State(running: handles))
    }

    func attach(_ continuation: CheckedContinuation<BurstEnd, Never>) {
        state.withLock { $0.continuation = continuation }
    }

    /// Loop thread, after `transfer` finished one exchange and left the multi: true when it goes again (readied
    /// here; the loop re-adds it).
    func completed(_ transfer: CurlTransfer, code: CURLcode) -> Bool {
        if transfer.cancelRequested.withLock({ $0 }) {
            finished(transfer, cancelled: true)
            return false
        }
        let result = transfer.outcome(code: code, cancelled: false, connections: nil, inspect: false)
        switch answered(result) {
        case .again:
            if !state.withLock({ $0.stopping }), next() {
                transfer.rearm()
                return true
            }
        case .stop:
            state.withLock { $0.stopping = true }
        case .handOff:
            state.withLock {
                $0.stopping = true
                $0.end.handedOff += 1
            }
        }
        finished(transfer, cancelled: false)
        return false
    }

    /// Loop thread: `transfer` stops (cancelled, or no more requests); the last one to stop resumes the caller.
    func finished(_ transfer: CurlTransfer, cancelled: Bool) {
        transfer.burst = nil
        let continuation = state.withLock { state -> CheckedContinuation<BurstEnd, Never>? in
            if cancelled { state.end.cancelled = true }
            state.running -= 1
            guard state.running == 0 else { return nil }
            defer { state.continuation = nil }
            return state.continuation
        }
        guard let continuation else { return }
        continuation.resume(returning: state.withLock { $0.end })
    }
}
