import ExplorerBench
import ExplorerCore
import Foundation

/// The bench view (`b`): the form, starting and stopping the run, and its figures as they come. The run itself is
/// ExplorerBench's (`BenchRunner`, the engine `apix bench` uses), on the runtime's side.
extension AppState {
    /// The bench shown in the response pane: the selected endpoint's, until the endpoint is sent again.
    var shownBench: BenchViewState? {
        guard let bench, bench.isShown, bench.key == selectedKey else { return nil }
        return bench
    }

    /// `b`: the form for the selected endpoint (one bench at a time).
    mutating func openBenchForm() -> [Effect] {
        guard let key = selectedKey, let endpoint = selectedEndpoint else {
            message = StatusMessage("select an endpoint to bench", isError: true)
            return []
        }
        if let bench, bench.isRunning {
            message = StatusMessage(
                "a bench of \(bench.key.endpoint) is running: Esc or q (with it shown) stops it", isError: true)
            return []
        }
        guard endpoint.webSocket == nil else {
            message = StatusMessage("a WebSocket endpoint is not benched: its session is not a request", isError: true)
            return []
        }
        switch exchangePlan(key, cache: .off) {
        case .failure(let error):
            message = StatusMessage(error.message, isError: true)
        case .success(let plan):
            let host = URLComponents(string: plan.request.request.url)?.host ?? ""
            overlay = .benchForm(BenchForm(key: key, host: host))
        }
        return []
    }

    mutating func handleBenchFormKey(_ key: Key, _ form: BenchForm) -> [Effect] {
        var form = form
        if let pending = form.confirming {
            // `y` sends them; any other key goes back to the form.
            if key == .character("y") || key == .character("Y") { return startBench(form.key, pending.settings) }
            form.confirming = nil
            overlay = .benchForm(form)
            return []
        }
        form.error = nil
        switch keyMap.command(for: key, in: .benchForm) {
        case .confirm:
            guard let settings = form.settings() else { break }
            if let question = BenchForm.question(for: settings, host: form.host) {
                form.confirming = BenchForm.PendingRun(settings: settings, question: question)
                break
            }
            return startBench(form.key, settings)
        case .close:
            overlay = nil
            return []
        case .moveDown:
            form.focused = (form.focused + 1) % form.fields.count
        case .moveUp:
            form.focused = (form.focused + form.fields.count - 1) % form.fields.count
        default:
            _ = form.fields[form.focused].handle(key)
        }
        overlay = .benchForm(form)
        return []
    }

    /// Starts a bench of `key` with `settings`: the exchange as a send would plan it, without the response cache
    /// (every request goes to the server).
    mutating func startBench(_ key: EndpointKey, _ settings: BenchSettings) -> [Effect] {
        overlay = nil
        guard let endpoint = endpointAsSent(key) else { return [] }
        let plan: ExchangePlan
        switch exchangePlan(key, cache: .off) {
        case .failure(let error):
            message = StatusMessage(error.message, isError: true)
            return []
        case .success(let built):
            plan = built
        }
        let id = nextBenchID
        nextBenchID += 1
        let url = maskedURL(for: key) ?? plan.masked.request.url
        bench = BenchViewState(
            id: id, key: key, method: endpoint.method, url: url, settings: settings)
        message = StatusMessage("bench of \(key.endpoint) started: Esc or q stops it, keeping the figures")
        return [.startBench(id: id, plan, settings)]
    }

    /// Esc or q on a running bench: it stops, and its figures so far stay on screen.
    mutating func stopBench() -> [Effect] {
        guard var bench, bench.isRunning else { return [] }
        if bench.phase == .running { bench.phase = .stopping }
        self.bench = bench
        message = StatusMessage("stopping the bench: the figures so far stay")
        return [.stopBench(id: bench.id)]
    }

    mutating func benchUpdated(_ id: Int, _ snapshot: BenchSnapshot) {
        guard bench?.id == id, bench?.isRunning == true else { return }
        bench?.snapshot = snapshot
    }

    mutating func benchFinished(_ id: Int, _ snapshot: BenchSnapshot) {
        guard var bench, bench.id == id else { return }
        bench.snapshot = snapshot
        let early = bench.phase == .stopping
        bench.phase = .done(stoppedEarly: early)
        self.bench = bench
        let requests = BenchReport.count(snapshot.requests) + (snapshot.requests == 1 ? " request" : " requests")
        message = StatusMessage(
            "bench of \(bench.key.endpoint) \(early ? "stopped" : "done"): \(requests) in "
                + Units.duration(snapshot.elapsed))
    }

    /// A send of the benched endpoint: refused while the bench runs (it is the load), else it takes the pane back.
    mutating func benchAllowsSend(of key: EndpointKey) -> Bool {
        guard bench?.key == key else { return true }
        if bench?.isRunning == true {
            message = StatusMessage("a bench of \(key.endpoint) is running: Esc or q stops it", isError: true)
            return false
        }
        bench?.isShown = false
        return true
    }

    /// j, k and the page keys on a shown bench scroll its lines; other response keys have nothing to act on.
    mutating func performBenchResponse(_ command: KeyCommand) {
        guard var shown = shownBench else { return }
        let height = max(1, BenchView.reportArea(in: layout.response.inset(1)).height)
        let count = shown.rows(width: layout.response.inset(1).width).count
        let most = max(0, count - height)
        switch command {
        case .moveUp: shown.top -= 1
        case .moveDown: shown.top += 1
        case .pageUp: shown.top -= max(1, height - 1)
        case .pageDown: shown.top += max(1, height - 1)
        case .moveTop: shown.top = 0
        case .moveBottom: shown.top = most
        default: return
        }
        shown.top = min(max(0, shown.top), most)
        bench = shown
    }
}
