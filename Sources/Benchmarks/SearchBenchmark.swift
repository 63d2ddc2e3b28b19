import ExplorerCore
import Foundation
import TUI

/// Search in the large JSON body (issue 12, item 10), headless, with the effects run the way `Runtime` runs them:
/// off the main actor, their results posted to the inbox and applied by the loop, which keeps answering keys.
extension TUIBenchmarks {
    /// The query: about one record in ten holds it (`item-7`, `item-70`…, `item-700`…), the first near the top.
    static let searchQuery = "item-7"

    func runSearch() async throws -> [BenchmarkRow] {
        try writeProfiles()
        let screen = try Self.terminal(on: nil)
        defer { screen.stop() }
        let harness = try await harnessShowingLargeBody(on: screen)

        var first: [Double] = []
        var counted: [Double] = []
        var keys: [Double] = []
        var total = 0
        for run in 0...options.runs {
            // A tab there and back forgets the last count, so every run counts again.
            harness.press(.right)
            harness.press(.left)
            harness.press(.home)
            harness.press(.character("/"))
            // The search runs as the query is typed (the last query, prefilled and selected, is replaced): timed
            // from its last key. Searches of the keys before it are superseded, as the runtime cancels them.
            for character in Self.searchQuery.dropLast() { harness.press(.character(character)) }
            let start = Subprocess.now()
            let typed = harness.press(.character(Self.searchQuery.last ?? "7"))
            var tasks = perform(typed + harness.press(.enter), harness: harness)
            var firstAt: Double?
            var down = true
            // A key at once (counting has just begun), then every 30 ms while it goes on.
            var lastKey = Subprocess.now()
            harness.press(.character("j"))
            harness.render()
            if run > 0 { keys.append(Subprocess.now() - lastKey) }
            while harness.state.response.matches?.isComplete != true {
                if harness.drain() { harness.render() }
                if firstAt == nil, harness.state.response.matchLine != nil { firstAt = Subprocess.now() - start }
                // A key every 30 ms while counting: it must be answered at once.
                if Subprocess.now() - lastKey >= 0.03 {
                    lastKey = Subprocess.now()
                    harness.press(.character(down ? "j" : "k"))
                    harness.render()
                    if run > 0 { keys.append(Subprocess.now() - lastKey) }
                    down.toggle()
                }
                try await Task.sleep(for: .milliseconds(1))
                if Subprocess.now() - start > 30 { throw BenchmarkError("the search did not finish in 30 s") }
            }
            if harness.drain() { harness.render() }
            if firstAt == nil, harness.state.response.matchLine != nil { firstAt = Subprocess.now() - start }
            let end = Subprocess.now() - start
            for task in tasks { await task.value }
            tasks.removeAll()
            guard let firstAt, harness.state.response.matchLine != nil else {
                throw BenchmarkError("no match for \(Self.searchQuery) in the large body")
            }
            total = harness.state.response.matches?.total ?? 0
            if run > 0 {
                first.append(firstAt)
                counted.append(end)
            }
        }
        let large = BenchmarkFormat.megabytes(bodySizes.last ?? 0)
        let name = "\(large) JSON: search (\(total.formatted()) matches)"
        return [
            timeRow(name + " → first match on screen, headless", Stats(samples: first), reference: "—", limit: 0.1),
            timeRow(name + " → all matches counted, headless", Stats(samples: counted), reference: "—", limit: 1),
            latencyRow(
                "key press → redrawn frame while counting matches in the \(large) body, headless",
                Stats(
                    samples: keys)),
        ]
    }

    /// Runs the search effects as the runtime does: detached, posting to the harness's inbox.
    private func perform(_ effects: [Effect], harness: TUIHarness) -> [Task<Void, Never>] {
        let inbox = harness.inbox
        return effects.compactMap { effect in
            switch effect {
            case .search(let id, let document, let query, let from, let forward, let raw):
                return Task.detached {
                    let line = document.search(query, from: from, forward: forward, raw: raw)
                    inbox.post(.searchFinished(exchange: id, line: line))
                }
            case .countMatches(let id, let document, let query, let tab):
                return Task.detached {
                    let matches = document.countMatches(query, exchange: id, tab: tab) { partial in
                        inbox.post(.matchesCounted(partial))
                    }
                    if let matches { inbox.post(.matchesCounted(matches)) }
                }
            default:
                return nil
            }
        }
    }
}
