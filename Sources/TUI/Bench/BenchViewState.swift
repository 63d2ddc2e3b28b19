import ExplorerBench
import ExplorerCore
import Foundation

/// A bench run as the response pane shows it: what it sends and how, its latest figures (`BenchSnapshot`, fixed
/// size whatever the number of requests), and whether it still runs. One at a time: a bench is the load.
package struct BenchViewState: Sendable {
    package enum Phase: Sendable, Equatable {
        case running
        /// Esc or q asked it to stop; the figures so far come with its end.
        case stopping
        /// Ended: its count or duration reached, or stopped early (the figures are what was measured).
        case done(stoppedEarly: Bool)
    }

    /// Numbers runs, so figures of an earlier run never land on a later one.
    package let id: Int
    package let key: EndpointKey
    package let method: HTTPMethod
    /// The URL with secrets masked, for display.
    package let url: String
    package let settings: BenchSettings
    package var snapshot: BenchSnapshot?
    package var phase = Phase.running
    /// The first report line shown (j/k and the page keys scroll a view taller than the pane).
    package var top = 0
    /// Covers the endpoint's response in the pane until the endpoint is sent again.
    package var isShown = true

    package var isRunning: Bool {
        switch phase {
        case .running, .stopping: true
        case .done: false
        }
    }

    /// The report's lines at `width` columns (the figures so far, or a note before the first ones).
    package func rows(width: Int) -> [BenchReport.Row] {
        guard let snapshot else {
            return [BenchReport.Row(role: .headline, text: "starting…")]
        }
        return BenchReport.rows(
            snapshot, connections: settings.connections, done: !isRunning, planned: settings.plannedRequests,
            width: width)
    }

    /// `200 requests · 1 at once`, `30 s · 4 at once · 50/s`.
    package var settingsText: String {
        var parts: [String] = []
        switch settings.stop {
        case .count(let count): parts.append(BenchReport.count(count) + (count == 1 ? " request" : " requests"))
        case .duration(let duration): parts.append("for " + Units.duration(duration))
        }
        parts.append("\(settings.connections) at once")
        if let rate = settings.rate { parts.append("\(Self.rateText(rate))/s") }
        return parts.joined(separator: " · ")
    }

    /// `50`, `12.5`.
    static func rateText(_ rate: Double) -> String {
        rate < 1e9 && rate == rate.rounded() ? String(Int(rate)) : String(format: "%g", rate)
    }
}
