import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// The write end of the relay's pipe, for the signal handler. Written once, before any handler is installed, and
/// only read afterwards (a plain global of a trivial type: no lazy initialisation runs inside the handler).
nonisolated(unsafe) private var relayWriteEnd: Int32 = -1

/// The handler `sigaction` installs: async-signal-safe, it only writes the signal's number to the pipe.
private func relaySignal(_ number: Int32) {
    let saved = errno
    var byte = UInt8(truncatingIfNeeded: number)
    _ = write(relayWriteEnd, &byte, 1)
    errno = saved
}

/// Signals (Ctrl-C's SIGINT, SIGTERM, SIGHUP) handed to a Swift handler on a thread of their own: a plain `sigaction`
/// handler writes each signal's number to a pipe, which one reader thread turns into calls of the handler given.
///
/// Not a dispatch signal source: on Linux that is a `signalfd`, which sees a signal only while every thread blocks it,
/// and the threads apix starts (libcurl's loop, the WebSocket reader, the cooperative pool) do not: a Ctrl-C the kernel
/// gave one of them met the `SIG_IGN` the source needs and was dropped (an `apix ws` went on forever in a test). A
/// handler runs in whichever thread the signal comes to.
package final class SignalRelay: Sendable {
    private static let handlers = Mutex<[Int32: @Sendable (Int32) -> Void]>([:])
    /// Makes the pipe and starts the reader, once per process; false when the pipe cannot be made.
    private static let started: Bool = {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { return false }
        // Not inherited by the programs apix runs.
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        relayWriteEnd = ends[1]
        let readEnd = ends[0]
        let reader = Thread {
            var byte: UInt8 = 0
            while true {
                let count = read(readEnd, &byte, 1)
                if count < 0, errno == EINTR { continue }
                guard count == 1 else { return }
                let number = Int32(byte)
                if let handler = handlers.withLock({ $0[number] }) { handler(number) }
            }
        }
        reader.name = "apix-signals"
        reader.start()
        return true
    }()

    private let signals: [Int32]

    /// Calls `handler` (on the relay's thread) for each of `signals` that arrives, instead of their default action,
    /// until `stop()`.
    package init(_ signals: [Int32], handler: @escaping @Sendable (Int32) -> Void) {
        self.signals = signals
        guard Self.started else { return }
        Self.handlers.withLock { handlers in
            for number in signals { handlers[number] = handler }
        }
        for number in signals {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = relaySignal
            sigemptyset(&action.sa_mask)
            action.sa_flags = SA_RESTART
            sigaction(number, &action, nil)
        }
    }

    /// Gives the signals their default actions back.
    package func stop() {
        for number in signals { signal(number, SIG_DFL) }
        Self.handlers.withLock { handlers in
            for number in signals { handlers[number] = nil }
        }
    }
}
