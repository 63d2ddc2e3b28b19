import ExplorerCore
import Foundation
import TUI

/// Issue #15's start-up target: the TUI opening on an imported profile. The profile is made at bench time by
/// `apix import` of the largest real collection in `../shared/import-samples/` (commercetools' Postman
/// collection: 1,997 requests, OAuth2 on every one, 176 variables), so it is what the importer writes today, not a
/// hand-written fixture; without the sample the row says so. `--quick` imports a small collection instead.
extension TUIBenchmarks {
    static let samples = "../shared/import-samples/"

    private var importedSample: String {
        Self.samples + (options.quick ? "postman-wise-groups.json" : "postman-commercetools-v2.0.json")
    }

    private var importedDirectory: String { scratch + "/tui-imported" }

    /// The rows (whole process on a pty: the first frame, the loaded profile's frame) and a note with the
    /// in-process figures and the profile's size.
    func importedStartup() throws -> (rows: [BenchmarkRow], notes: [String]) {
        let name = "TUI start → first frame (the profiles' sketch), imported profile"
        let loadedName = "TUI start → the loaded profile's frame (keys answered from here), imported profile"
        guard FileManager.default.fileExists(atPath: importedSample) else {
            let rows = [(name + ": whole process (`apix` on a 200×50 pty)", "≤ 100 ms"), (loadedName, "—")].map {
                BenchmarkRow(
                    name: $0.0, apix: "not measured: no \(importedSample)", reference: "—", ratio: "—",
                    target: $0.1, met: nil)
            }
            return (rows, [])
        }
        let profile = try importProfile()
        let catalog = ProfileLoader.load(directory: importedDirectory)
        guard catalog.problems.isEmpty, let loaded = catalog.profiles.first else {
            throw BenchmarkError("the imported profile does not load: \(catalog.problems)")
        }
        let count = loaded.endpoints.count
        let size = String(format: "%.1f MB", Double(profile.bytes) / 1e6)
        let whole = try wholeProcessStartup(directory: importedDirectory)
        let inProcess = try inProcessStartup(directory: importedDirectory, marker: "env: ")
        let source = (importedSample as NSString).lastPathComponent
        let described = "(\(count.formatted()) endpoints, \(size), `apix import` of \(source))"
        let row = timeRow(
            "\(name) \(described): whole process (`apix` on a 200×50 pty)", whole.first, reference: "—", limit: 0.1)
        let loadedRow = timeRow("\(loadedName) \(described): whole process", whole.loaded, reference: "—", limit: nil)
        let note =
            "Imported profile: `apix import postman \(importedSample)` made `\(profile.file)` (\(size), "
            + "\(count.formatted()) endpoints) at bench time; in process, headless, the first frame took "
            + "\(BenchmarkFormat.milliseconds(inProcess.total)), of which loading the profile "
            + "\(BenchmarkFormat.milliseconds(inProcess.loading))."
        return ([row, loadedRow], [note])
    }

    /// Imports the sample into an empty directory with the real `apix`; the profile file and its size.
    private func importProfile() throws -> (file: String, bytes: Int) {
        try? FileManager.default.removeItem(atPath: importedDirectory)
        try FileManager.default.createDirectory(atPath: importedDirectory, withIntermediateDirectories: true)
        let outcome = try Subprocess.run(
            apix, ["import", "postman", importedSample, "--name", "imported", "--profiles", importedDirectory])
        guard outcome.status == 0 else { throw BenchmarkError("apix import postman exited \(outcome.status)") }
        let file = importedDirectory + "/imported.yaml"
        let attributes = try FileManager.default.attributesOfItem(atPath: file)
        return ("imported.yaml", (attributes[.size] as? Int) ?? 0)
    }

    /// `apix --profiles DIR` on a pseudo-terminal: from spawning it to its first frame (its status bar, drawn last
    /// on a fresh screen), and to the loaded profile's frame (the status bar's auth, which a sketch's frame does not
    /// show). Without a sketch both are the same frame.
    func wholeProcessStartup(directory: String) throws -> (first: Stats, loaded: Stats) {
        var first: [Double] = []
        var loaded: [Double] = []
        for run in 0...options.runs {
            let session = try TerminalSession(
                apix: apix, arguments: ["--profiles", directory],
                environment: TerminalSession.environment(stateDirectory: scratch + "/state"), columns: Self.width,
                rows: Self.height)
            let shown = try session.expect("env: ", timeout: 30, "the first frame")
            let answered = try session.expect("auth: ", timeout: 30, "the loaded profile's frame")
            session.terminal.type("q")
            let outcome = try session.finish(timeout: 10)
            guard outcome.status == 0 else { throw BenchmarkError("apix exited \(outcome.status) after q") }
            if run > 0 {
                first.append(shown - session.startedAt)
                loaded.append(answered - session.startedAt)
            }
        }
        return (Stats(samples: first), Stats(samples: loaded))
    }

    /// Loading the directory, building the state and drawing the first frame headless, in this process.
    func inProcessStartup(directory: String, marker: String) throws -> StartupFigures {
        var totals: [Double] = []
        var loads: [Double] = []
        for run in 0...options.runs {
            let start = Subprocess.now()
            let catalog = ProfileLoader.load(directory: directory)
            let loaded = Subprocess.now()
            let state = AppState(
                catalog: catalog, profileDirectory: directory, width: Self.width, height: Self.height, now: .now)
            let screen = try Self.terminal(on: nil)
            let harness = TUIHarness(state: state, terminal: screen)
            harness.apply(.resized(width: Self.width, height: Self.height))
            let frame = harness.render()
            let end = Subprocess.now()
            screen.stop()
            guard frame.text.contains(marker) else {
                throw BenchmarkError("the first frame does not show the imported profile:\n\(frame.text)")
            }
            if run > 0 {
                totals.append(end - start)
                loads.append(loaded - start)
            }
        }
        return StartupFigures(total: Stats(samples: totals), loading: Stats(samples: loads))
    }
}
