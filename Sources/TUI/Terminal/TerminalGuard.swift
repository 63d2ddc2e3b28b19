import ExplorerCore
import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// Saved terminal modes, restored by the crash handler. Written once in `TerminalGuard.install()` before any
/// handler is installed, then only read (from a signal handler, which may not take locks).
nonisolated(unsafe) private var savedTerminalModes = termios()
nonisolated(unsafe) private var haveSavedTerminalModes = false

/// SIGTSTP asked the loop to step aside and stop (`takeSuspendRequest`); SIGCONT said the process went on after a
/// stop it did not ask for (`takeContinued`). Set on `SignalRelay`'s thread, taken on the main actor.
private let suspendRequested = Atomic<Bool>(false)
private let continuedAfterStop = Atomic<Bool>(false)

/// Restores the terminal after a crash: async-signal-safe calls only (`tcsetattr`, `write`), then re-raises.
private func crashHandler(_ signal: Int32) {
    if haveSavedTerminalModes {
        var modes = savedTerminalModes
        _ = tcsetattr(STDIN_FILENO, TCSANOW, &modes)
    }
    // Leave the alternate screen, show the cursor, stop bracketed paste and mouse reports, reset attributes.
    let reset: StaticString = "\u{1B}[?1049l\u{1B}[?25h\u{1B}[?2004l\u{1B}[?1006l\u{1B}[?1000l\u{1B}[0m\r\n"
    _ = write(STDOUT_FILENO, reset.utf8Start, reset.utf8CodeUnitCount)
    Glibc.signal(signal, SIG_DFL)
    raise(signal)
}

/// Keeps the terminal usable however apix ends: quit, SIGINT/SIGTERM/SIGHUP (turned into a request to quit, handled
/// by the main loop so curses ends normally) and crashes (modes restored from a signal handler); and across job
/// control: SIGTSTP becomes a request the loop takes (`NcursesBackend` gives the terminal back, stops, and redraws
/// on `fg`), SIGCONT a redraw.
final class TerminalGuard {
    private let relays: [SignalRelay]

    /// Signals that end apix at once, after `crashHandler` restored the terminal: crashes, and a SIGPIPE that a write
    /// apix does not guard would raise (writes to files the user named hear a broken pipe instead:
    /// `DescriptorWriter.hearingBrokenPipe`).
    static let fatalSignals = [SIGSEGV, SIGABRT, SIGBUS, SIGILL, SIGFPE, SIGTRAP, SIGPIPE]

    /// Installs the handlers. Call before `initscr`, so ncurses sees SIGINT/SIGTERM already handled and leaves
    /// them alone. Through `SignalRelay`: a dispatch signal source (a `signalfd`) lost the signals the kernel gave
    /// to threads that did not block them (libcurl's loop, the WebSocket reader).
    init(onTerminate: @escaping @Sendable () -> Void) {
        if tcgetattr(STDIN_FILENO, &savedTerminalModes) == 0 { haveSavedTerminalModes = true }
        // SIGTSTP (`kill -TSTP`; Ctrl-Z arrives as a key in raw mode) and SIGCONT are taken by the loop, never by
        // ncurses' own SIGTSTP handler, which waits for SIGCONT forever in an orphaned process group (the terminal
        // closed under us): handled first, so ncurses leaves them alone.
        relays = [
            SignalRelay([SIGINT, SIGTERM, SIGHUP]) { _ in onTerminate() },
            SignalRelay([SIGTSTP, SIGCONT]) { number in
                if number == SIGTSTP {
                    suspendRequested.store(true, ordering: .relaxed)
                } else {
                    continuedAfterStop.store(true, ordering: .relaxed)
                }
            },
        ]
        for number in Self.fatalSignals {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = crashHandler
            sigemptyset(&action.sa_mask)
            action.sa_flags = Int32(bitPattern: UInt32(SA_RESETHAND))
            sigaction(number, &action, nil)
        }
    }

    /// Puts the default signal handling back (after curses has ended).
    func uninstall() {
        for relay in relays { relay.stop() }
        for number in Self.fatalSignals { signal(number, SIG_DFL) }
        if haveSavedTerminalModes {
            var modes = savedTerminalModes
            _ = tcsetattr(STDIN_FILENO, TCSANOW, &modes)
        }
    }

    /// Whether SIGTSTP came since the last call.
    static func takeSuspendRequest() -> Bool { suspendRequested.exchange(false, ordering: .relaxed) }

    /// Whether SIGCONT came since the last call.
    static func takeContinued() -> Bool { continuedAfterStop.exchange(false, ordering: .relaxed) }

    /// Stops the process as SIGTSTP would have (its shell then shows it stopped; `fg` continues it), unless it is
    /// not in the terminal's foreground process group: an orphaned or background process stopped now might never
    /// be continued.
    static func stopForJobControl() {
        guard tcgetpgrp(STDIN_FILENO) == getpgrp() else { return }
        raise(SIGSTOP)
    }
}
