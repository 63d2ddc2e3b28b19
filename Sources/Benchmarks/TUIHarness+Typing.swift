import ExplorerCore
import Foundation
import TUI

/// Key latency while work runs: the runtime's loop (a key, the inbox, a tick every 100 ms, a redraw when
/// something changed) with keys pressed as a user scrolls, each timed from its press to the redrawn frame.
extension TUIHarness {
    /// Where the keys come from: j/k every 30–70 ms, pressed in process; or `typed`, which waits for a key typed on
    /// a pseudo-terminal and gives it with the time it was typed (nil when none came in its wait).
    enum Keys {
        case scrolling
        case typed(() async -> (key: Key, typedAt: Double?)?)
    }

    /// Runs the loop while `running()` (and, with `untilMeasured`, until one key was measured), failing past
    /// `deadline`; returns each key's press → frame latency, in seconds.
    func typeWhile(
        _ running: () -> Bool, keys: Keys = .scrolling, untilMeasured: Bool = false, deadline: Double,
        onTimeout: String
    ) async throws -> [Double] {
        var latencies: [Double] = []
        var nextKey = Subprocess.now()
        var lastTick = Subprocess.now()
        var downward = true
        while running() || (untilMeasured && latencies.isEmpty) {
            guard Subprocess.now() < deadline else { throw BenchmarkError(onTimeout) }
            var changed = false
            var typedAt: Double?
            switch keys {
            case .typed(let next):
                if let (key, time) = await next() {
                    apply(.keyPressed(key))
                    changed = true
                    typedAt = time
                }
            case .scrolling where Subprocess.now() >= nextKey:
                typedAt = Subprocess.now()
                apply(.keyPressed(.character(downward ? "j" : "k")))
                downward.toggle()
                changed = true
                nextKey = Subprocess.now() + Double.random(in: 0.03...0.07)
            case .scrolling:
                usleep(UInt32(max(0, min(0.01, nextKey - Subprocess.now())) * 1e6))
            }
            if drain() { changed = true }
            let now = Subprocess.now()
            if now - lastTick >= 0.1 {
                lastTick = now
                apply(.ticked(.now))
                if state.isAnimating { changed = true }
            }
            if changed { render() }
            if let typedAt { latencies.append(Subprocess.now() - typedAt) }
            await Task.yield()
        }
        return latencies
    }
}
