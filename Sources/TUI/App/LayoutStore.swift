import ExplorerCore
import Foundation

/// The pane arrangement between runs: `tui.json` in the state directory, beside the log and the draft journal,
/// replaced whole with `AtomicFile` each time the user changes it. A missing or unreadable file is the default
/// arrangement (the file is a comfort, never a reason not to start).
struct LayoutStore {
    let path: String

    init(directory: String = StateDirectory.path()) {
        path = (directory as NSString).appendingPathComponent("tui.json")
    }

    func read() -> PaneLayout {
        guard let data = FileManager.default.contents(atPath: path),
            let file = try? JSONDecoder().decode(File.self, from: data)
        else { return PaneLayout() }
        return file.layout
    }

    /// Writes `panes`; returns what went wrong, for the log.
    func write(_ panes: PaneLayout) -> String? {
        do {
            StateDirectory.prepare((path as NSString).deletingLastPathComponent)
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            let data = try encoder.encode(File(layout: panes))
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
    }
}
