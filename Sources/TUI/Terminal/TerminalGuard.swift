import Dispatch
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Saved terminal modes, restored by the crash handler. Written once in `TerminalGuard.install()` before any
/// handler is installed, then only read (from a signal handler, which may not take locks).
nonisolated(unsafe) private var savedTerminalModes = termios()
nonisolated(unsafe) private var haveSavedTerminalModes = false

/// Restores the terminal after a crash: async-signal-safe calls only (`tcsetattr`, `write`), then re-raises.
private func crashHandler(_ signal: Int32) {
    if haveSavedTerminalModes {
        var modes = savedTerminalModes
        _ = tcsetattr(STDIN_FILENO, TCSANOW, &modes)
    }
    // Leave the alternate screen, show the cursor, reset attributes.
    let reset: StaticString = "\u{1B}[?1049l\u{1B}[?25h\u{1B}[0m\r\n"
    _ = write(STDOUT_FILENO, reset.utf8Start, reset.utf8CodeUnitCount)
    Glibc.signal(signal, SIG_DFL)
    raise(signal)
}

/// Keeps the terminal usable however apix ends: quit, SIGINT/SIGTERM (turned into a request to quit, handled by
/// the main loop so curses ends normally) and crashes (modes restored from a signal handler).
final class TerminalGuard {
    private let sources: [any DispatchSourceSignal]

    /// Installs the handlers. Call before `initscr`, so ncurses sees SIGINT/SIGTERM already handled and leaves
    /// them alone.
    init(onTerminate: @escaping @Sendable () -> Void) {
        if tcgetattr(STDIN_FILENO, &savedTerminalModes) == 0 { haveSavedTerminalModes = true }
        var sources: [any DispatchSourceSignal] = []
        for number in [SIGINT, SIGTERM, SIGHUP] {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler(handler: onTerminate)
            source.resume()
            sources.append(source)
        }
        self.sources = sources
        // No job control while curses owns the screen (Ctrl-Z arrives as a key in raw mode). Ignoring SIGTSTP also
        // keeps ncurses from installing its handler, which waits for SIGCONT forever in an orphaned process group
        // (the terminal closed under us).
        signal(SIGTSTP, SIG_IGN)
        for number in [SIGSEGV, SIGABRT, SIGBUS, SIGILL, SIGFPE, SIGTRAP] {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = crashHandler
            sigemptyset(&action.sa_mask)
            action.sa_flags = Int32(bitPattern: UInt32(SA_RESETHAND))
            sigaction(number, &action, nil)
        }
    }

    /// Puts the default signal handling back (after curses has ended).
    func uninstall() {
        for source in sources { source.cancel() }
        for number in [SIGINT, SIGTERM, SIGHUP, SIGTSTP] { signal(number, SIG_DFL) }
        for number in [SIGSEGV, SIGABRT, SIGBUS, SIGILL, SIGFPE, SIGTRAP] { signal(number, SIG_DFL) }
        if haveSavedTerminalModes {
            var modes = savedTerminalModes
            _ = tcsetattr(STDIN_FILENO, TCSANOW, &modes)
        }
    }
}
