import ExplorerBench
import ExplorerCore

/// The runtime's bench: `BenchRunner` (the engine `apix bench` uses: its own lanes for C connections, libcurl's
/// connection reuse, HdrHistograms) on a task of its own, its figures posted a few times a second.
extension Runtime {
    /// How often the running bench's figures are posted (each is a small copy of the histograms' percentiles).
    static let benchInterval = Duration.milliseconds(200)

    func performBench(_ effect: Effect) {
        switch effect {
        case .startBench(let id, let plan, let settings):
            benchTask?.cancel()
            let inbox = self.inbox
            let log = self.log
            benchTask = Task.detached {
                let client = BenchRunner.client(connections: settings.connections)
                let result = await BenchRunner.run(
                    plan, settings: settings, client: client, interval: Self.benchInterval,
                    progress: { inbox.post(.benchUpdated(id: id, $0)) },
                    said: { log.write("bench: \($0)") })
                inbox.post(.benchFinished(id: id, result))
            }
        case .stopBench:
            benchTask?.cancel()
        default:
            break
        }
    }
}
