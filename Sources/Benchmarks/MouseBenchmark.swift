import ExplorerCore
import Foundation
import TUI

/// Mouse events flowing while the large JSON body is on screen (issue 25): wheel notches over the body and the list
/// and clicks on rows and tabs, interleaved with keys, each timed from the event to the redrawn frame. Headless,
/// the events are applied as the loop applies them; on the pseudo-terminal their SGR 1006 bytes are typed into the
/// terminal and read back through the app's curses backend and `KeyDecoder`, so decoding is in the figure.
extension TUIBenchmarks {
    /// What one round feeds: (event, or a key when nil) in order.
    private func mouseScript(layout: Layout) -> [(event: MouseEvent?, key: Key?)] {
        let body = layout.responseBody
        let list = layout.list.inset(1)
        let tabs = layout.responseTabRow
        let overBody = (x: body.x + body.width / 2, y: body.y + body.height / 2)
        var script: [(MouseEvent?, Key?)] = []
        let rounds = options.quick ? 2 : 10
        for _ in 0..<rounds {
            script += Array(repeating: (MouseEvent(.wheelDown, x: overBody.x, y: overBody.y), nil), count: 8)
            script.append((nil, .character("j")))
            script += Array(repeating: (MouseEvent(.wheelUp, x: overBody.x, y: overBody.y), nil), count: 4)
            // The Headers tab and back to the Body tab (" Body " then " Headers " on the tab line).
            script.append((MouseEvent(.press(.left), x: tabs.x + 8, y: tabs.y), nil))
            script.append((MouseEvent(.release, x: tabs.x + 8, y: tabs.y), nil))
            script.append((MouseEvent(.press(.left), x: tabs.x + 2, y: tabs.y), nil))
            script.append((MouseEvent(.release, x: tabs.x + 2, y: tabs.y), nil))
            // The list: a notch down and up (the selection moves, the editor and response follow), then a click in
            // the body (the response pane keeps the focus).
            script.append((MouseEvent(.wheelDown, x: list.x + 2, y: list.y + 1), nil))
            script.append((MouseEvent(.wheelUp, x: list.x + 2, y: list.y + 1), nil))
            script.append((MouseEvent(.press(.left), x: body.x + 1, y: body.y), nil))
        }
        return script
    }

    /// Mouse event → redrawn frame, headless and through curses on a pseudo-terminal.
    func runMouse() async throws -> [BenchmarkRow] {
        try writeProfiles()
        var rows: [BenchmarkRow] = []
        let large = BenchmarkFormat.megabytes(bodySizes.last ?? 0)
        for terminal in [false, true] {
            let stats = try await mouseSession(terminal: terminal)
            rows.append(
                latencyRow(
                    "mouse event (wheel, click) → redrawn frame on the \(large) body, "
                        + (terminal ? "curses on a pty (SGR 1006 bytes decoded)" : "headless"), stats))
        }
        return rows
    }

    private func mouseSession(terminal: Bool) async throws -> Stats {
        let pty = terminal ? try PseudoTerminal(columns: Self.width, rows: Self.height) : nil
        defer { pty?.stop() }
        let screen = try Self.terminal(on: pty)
        defer { screen.stop() }
        let harness = try await harnessShowingLargeBody(on: screen)
        harness.render()
        Subprocess.settle()

        var samples: [Double] = []
        for run in 0...max(1, options.runs / 5) {
            for (event, key) in mouseScript(layout: harness.state.layout) {
                let latency = try await feed(event, key: key, harness: harness, pty: pty, screen: screen)
                if run > 0, event != nil { samples.append(latency) }
            }
        }
        guard harness.state.response.tab == .body else {
            throw BenchmarkError("the clicks did not come back to the Body tab")
        }
        return Stats(samples: samples)
    }

    /// One event (or key): headless, `update` + render; on the pty, its bytes typed, read back by curses and the
    /// decoder, applied, rendered and drawn.
    private func feed(
        _ event: MouseEvent?, key: Key?, harness: TUIHarness, pty: PseudoTerminal?, screen: any TerminalBackend
    ) async throws -> Double {
        let action: Action = event.map { .mouse($0) } ?? .keyPressed(key ?? .character("j"))
        guard let pty else {
            let start = Subprocess.now()
            harness.apply(action)
            harness.render()
            return Subprocess.now() - start
        }
        let bytes = event?.sgrBytes ?? Array("j".utf8)
        let start = pty.type(String(decoding: bytes, as: UTF8.self))
        guard let read = await screen.readKey(timeout: 5000) else {
            throw BenchmarkError("curses did not read \(event.map { "\($0)" } ?? "a key")")
        }
        switch read {
        case .mouse(let decoded):
            guard decoded == event else { throw BenchmarkError("read \(decoded), typed \(String(describing: event))") }
            harness.apply(.mouse(decoded))
        case .key(let key):
            harness.apply(.keyPressed(key))
        case .paste, .resize:
            throw BenchmarkError("read \(read) for a mouse report")
        }
        harness.render()
        return Subprocess.now() - start
    }
}
