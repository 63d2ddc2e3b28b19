import Dispatch
import ExplorerCore
import Foundation

/// While a transfer runs, Ctrl-C (SIGINT), SIGTERM or SIGHUP cancels it instead of ending the process at once, so a
/// download's `NAME.part` is removed and stderr says so (exit status 130, as for an interrupt).
final class SignalCancellation {
    private static let signals = [SIGINT, SIGTERM, SIGHUP]
    private var sources: [any DispatchSourceSignal] = []

    convenience init(cancelling transfer: Transfer) {
        self.init { transfer.cancel() }
    }

    /// Calls `stop` on each of the signals instead of ending the process (a bench keeps its figures so far).
    init(onSignal stop: @escaping @Sendable () -> Void) {
        for number in Self.signals {
            signal(number, SIG_IGN)  // delivered to the source, not the default handler
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { stop() }
            source.resume()
            sources.append(source)
        }
    }

    /// Gives the signals their default dispositions back.
    func stop() {
        for source in sources { source.cancel() }
        sources = []
        for number in Self.signals { signal(number, SIG_DFL) }
    }
}
