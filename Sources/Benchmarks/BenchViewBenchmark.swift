import ExplorerBench
import ExplorerCore
import Foundation
import TUI

/// The explorer's bench view (`b`, issue 30) under its own load: a bench of a small JSON endpoint runs against the
/// demo API (4 connections, as fast as they go) through `BenchRunner`, its figures arriving five times a second as
/// the runtime posts them, while j and k scroll the live view every 30–70 ms; each key is timed from the press to
/// the redrawn frame, headless.
extension TUIBenchmarks {
    func runBenchView() async throws -> [BenchmarkRow] {
        try writeProfiles()
        let screen = try Self.terminal(on: nil)
        defer { screen.stop() }
        let harness = try harness(on: screen)
        try harness.select(endpoint: "bench.small")
        let seconds = options.quick ? 2 : 8
        // The form as a user fills it: a time, then 4 connections.
        harness.press(.character("b"))
        for character in "\(seconds)s" { harness.press(.character(character)) }
        harness.press(.tab)
        harness.press(.character("4"))
        var start: (id: Int, plan: ExchangePlan, settings: BenchSettings)?
        for effect in harness.press(.enter) {
            if case .startBench(let id, let plan, let settings) = effect { start = (id, plan, settings) }
        }
        guard let start else { throw BenchmarkError("Enter in the bench form started no bench") }
        let inbox = harness.inbox
        let run = Task.detached {
            let client = BenchRunner.client(connections: start.settings.connections)
            let result = await BenchRunner.run(
                start.plan, settings: start.settings, client: client, interval: .milliseconds(200),
                progress: { inbox.post(.benchUpdated(id: start.id, $0)) })
            inbox.post(.benchFinished(id: start.id, result))
        }
        harness.focus(.response)
        harness.render()
        let latencies: [Double]
        do {
            latencies = try await harness.typeWhile(
                { harness.state.bench?.isRunning ?? false }, deadline: Subprocess.now() + Double(seconds) + 60,
                onTimeout: "the bench did not end")
        } catch {
            run.cancel()
            throw error
        }
        await run.value
        let requests = harness.state.bench?.snapshot?.requests ?? 0
        guard requests > 0 else { throw BenchmarkError("the bench sent no request") }
        let rate = Int(harness.state.bench?.snapshot?.requestsPerSecond ?? 0)
        return [
            latencyRow(
                "key press → redrawn frame during a bench in the explorer (`b`: 4 connections for \(seconds) s, "
                    + "\(rate.formatted()) req/s, live view), headless", Stats(samples: latencies))
        ]
    }
}
