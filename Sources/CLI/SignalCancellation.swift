import ExplorerCore
import Foundation

/// While a transfer runs, Ctrl-C (SIGINT), SIGTERM or SIGHUP cancels it instead of ending the process at once, so a
/// download's `NAME.part` is removed and stderr says so (exit status 130, as for an interrupt).
final class SignalCancellation {
    private static let signals = [SIGINT, SIGTERM, SIGHUP]
    private var relay: SignalRelay?

    /// Calls `stop` on each of the signals instead of ending the process (a bench keeps its figures so far). Through
    /// `SignalRelay`, which sees a signal whichever thread the kernel gives it to.
    init(onSignal stop: @escaping @Sendable () -> Void) {
        relay = SignalRelay(Self.signals) { _ in stop() }
    }

    /// Gives the signals their default dispositions back.
    func stop() {
        relay?.stop()
        relay = nil
    }
}
