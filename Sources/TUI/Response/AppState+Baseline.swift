import ExplorerCore

/// The word on a slow send: each send asks the history what the endpoint's answers usually take (`TimingBaseline`,
/// the median of its recent answers recorded before it), and an answer from the server that took more than twice
/// that is said in the status bar while the endpoint is selected, until its next send.
extension AppState {
    /// At a send of `key`: the last word goes, and the baseline of the answers recorded before now is asked for
    /// (not when the profile keeps no history: it has none to read).
    mutating func askBaseline(_ key: EndpointKey, profile: Profile) -> [Effect] {
        slowSends[key] = nil
        guard profile.recordsHistory else { return [] }
        return [.loadBaseline(key, before: now.date)]
    }

    mutating func baselineLoaded(_ key: EndpointKey, _ baseline: TimingBaseline?) -> [Effect] {
        timingBaselines[key] = baseline
        judgeSpeed(key)
        return []
    }

    /// Judges `key`'s latest exchange against its baseline, whichever of the two arrived last. Only a finished
    /// answer from the server is judged: the cache's took no time, and a stream's total is as long as it ran.
    mutating func judgeSpeed(_ key: EndpointKey) {
        guard let id = latestExchange[key], let exchange = exchanges[id], exchange.events == nil,
            case .response(let response)? = exchange.outcome, response.source == .network,
            let baseline = timingBaselines[key]
        else {
            slowSends[key] = nil
            return
        }
        slowSends[key] = baseline.slowNote(total: response.metrics.total)
    }
}
