import ExplorerCore
import Foundation

/// What the explorer keeps between runs: `tui.json` in the state directory, beside the log and the draft journal,
/// replaced whole with `AtomicFile` each time the user changes something in it: the pane arrangement, and the
/// secrets file chosen per profile (the environment view's `f`). A missing or unreadable file is the defaults (the
/// file is a comfort, never a reason not to start).
struct LayoutStore {
    let path: String

    init(directory: String = StateDirectory.path()) {
        path = (directory as NSString).appendingPathComponent("tui.json")
    }

    func read() -> PaneLayout {
        readFile()?.layout ?? PaneLayout()
    }

    /// The dotenv file chosen for each profile (by the profile file's path), as the user chose it.
    func readSecretsFiles() -> [String: String] {
        readFile()?.secretsFiles ?? [:]
    }

    /// Writes `panes`, keeping the rest; returns what went wrong, for the log.
    func write(_ panes: PaneLayout) -> String? {
        var file = readFile() ?? File(layout: panes)
        file.layout = panes
        return write(file)
    }

    /// Keeps `envFile` as the secrets file of the profile at `profileFile` (nil: its secrets file alone).
    func writeSecretsFile(_ envFile: String?, for profileFile: String) -> String? {
        var file = readFile() ?? File(layout: PaneLayout())
        var choices = file.secretsFiles ?? [:]
        choices[profileFile] = envFile
        file.secretsFiles = choices.isEmpty ? nil : choices
        return write(file)
    }

    private func readFile() -> File? {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        return try? JSONDecoder().decode(File.self, from: data)
    }

    private func write(_ file: File) -> String? {
        do {
            StateDirectory.prepare((path as NSString).deletingLastPathComponent)
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            let data = try encoder.encode(file)
            try AtomicFile.write(
                data, to: path, options: .init(mode: 0o600, keepsExistingMode: false, followsSymlink: false))
            return nil
        } catch {
            return "cannot write \(path): \(error)"
        }
    }

    /// One section per part of the TUI that keeps something, so more can be added beside it.
    private struct File: Codable {
        var version = 1
        var layout: PaneLayout
        /// Profile file → the dotenv file over its secrets (as chosen, relative to the profile's directory).
        var secretsFiles: [String: String]?
    }
}
