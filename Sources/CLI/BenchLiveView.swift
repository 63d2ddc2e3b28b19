import ExplorerBench
import Foundation
import Synchronization

/// The bench's figures redrawn in place on stderr while it runs (a terminal only), and q or Esc read from the
/// keyboard to stop it. The lines are the run's own figures (`BenchReport`), never a server's bytes.
final class BenchLiveView: Sendable {
    private struct State {
        /// Lines drawn last time, to go back up over.
        var drawn = 0
        var finished = false
    }

    private let state = Mutex(State())
    private let connections: Int
    /// The requests the run sends at most (shown as done / planned), when known.
    private let planned: Int?

    init(connections: Int, planned: Int? = nil) {
        self.connections = connections
        self.planned = planned
    }

    /// Redraws the block with `snapshot`'s figures.
    func show(_ snapshot: BenchSnapshot) {
        let lines = BenchReport.lines(snapshot, connections: connections, done: false, planned: planned)
        let columns = Self.columns()
        state.withLock { state in
            guard !state.finished else { return }
            var text = state.drawn > 0 ? "\u{1B}[\(state.drawn)F" : ""
            for line in lines { text += "\u{1B}[2K" + String(line.prefix(columns - 1)) + "\n" }
            // A shorter block than last time: the leftover lines are cleared.
            for _ in lines.count..<max(lines.count, state.drawn) { text += "\u{1B}[2K\n" }
            state.drawn = max(lines.count, state.drawn)
            StandardError.write(text)
        }
    }

    /// Clears the block: the summary follows on stdout.
    func finish() {
        state.withLock { state in
            guard !state.finished else { return }
            state.finished = true
            guard state.drawn > 0 else { return }
            StandardError.write("\u{1B}[\(state.drawn)F\u{1B}[J")
        }
    }

    /// Reads keys until stopped: q, Q or Esc calls `stop`. The terminal is in non-canonical mode meanwhile (Ctrl-C
    /// still signals).
    func watchKeys(_ stop: @escaping @Sendable () -> Void) -> KeyWatch {
        KeyWatch(onQuit: stop)
    }

    /// The terminal's width (80 when it does not say).
    static func columns() -> Int {
        var size = winsize()
        guard ioctl(STDERR_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return 80 }
        return Int(size.ws_col)
    }

    /// The keyboard reader: stdin without line buffering or echo on a thread of its own, polled so it can end.
    final class KeyWatch {
        /// Shared with the reader thread: false ends it.
        private let running = Flag()
        private let saved: termios?

        init(onQuit: @escaping @Sendable () -> Void) {
            var original = termios()
            if tcgetattr(STDIN_FILENO, &original) == 0 {
                var raw = original
                raw.c_lflag &= ~tcflag_t(ICANON | ECHO)
                tcsetattr(STDIN_FILENO, TCSANOW, &raw)
                saved = original
            } else {
                saved = nil
            }
            let running = self.running
            let thread = Thread {
                var byte: UInt8 = 0
                while running.isSet {
                    var poller = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
                    guard poll(&poller, 1, 100) > 0 else { continue }
                    guard read(STDIN_FILENO, &byte, 1) == 1 else { return }
                    if byte == UInt8(ascii: "q") || byte == UInt8(ascii: "Q") || byte == 0x1B { onQuit() }
                }
            }
            thread.start()
        }

        /// Ends the reader and gives the terminal its settings back.
        func stop() {
            running.clear()
            if var saved { tcsetattr(STDIN_FILENO, TCSANOW, &saved) }
        }
    }

    /// A flag two threads share (a class: an `Atomic` cannot be captured by the reader's closure).
    final class Flag: Sendable {
        private let value = Atomic<Bool>(true)
        var isSet: Bool { value.load(ordering: .relaxed) }
        func clear() { value.store(false, ordering: .relaxed) }
    }
}
