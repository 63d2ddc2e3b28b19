import ArgumentParser
import ExplorerCore
import ExplorerHistory
import Foundation

/// `apix history [PROFILE [ENDPOINT]]` lists recorded exchanges, newest first; `apix history show ID` shows one;
/// `apix history repair` moves a history that does not open aside and starts a new one with what still reads.
///
/// Exit statuses: 0, 2 for usage errors (an unknown or ambiguous id), 5 when the history cannot be read (or, for
/// `repair`, made again).
struct HistoryCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "history", abstract: "List the recorded exchanges, newest first, or show one.",
        subcommands: [HistoryListCommand.self, HistoryShowCommand.self, HistoryRepairCommand.self],
        defaultSubcommand: HistoryListCommand.self)

    /// The history of the state directory, opened for reading; a failure is exit status 5.
    static func store() throws -> HistoryStore {
        do {
            return try HistoryRecorder().opened()
        } catch {
            throw CLIFailure(.history, error.description)
        }
    }

    /// The entry `id` names, or a usage error saying why there is none.
    static func entry(_ id: String, in store: HistoryStore) throws -> HistoryEntry {
        let found: HistoryEntry?
        do {
            found = try store.entry(id: id)
        } catch {
            throw CLIFailure(.usage, error.description)
        }
        guard let found else { throw CLIFailure(.usage, "no history entry \(SafeText.escape(id))") }
        return found
    }
}

struct HistoryListCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list", abstract: "List the recorded exchanges, newest first (the default).")

    @Argument(help: "Only this profile's exchanges.", completion: Completions.profile) var profile: String?
    @Argument(help: "Only this endpoint's (`one-off` is not an endpoint).", completion: Completions.endpoint)
    var endpoint: String?
    @Option(help: ArgumentHelp("At most N entries.", valueName: "N")) var limit = 50
    @Flag(help: "Print one JSON object listing the entries.") var json = false

    func run() async throws {
        guard limit >= 1 else { throw CLIFailure(.usage, "--limit must be at least 1") }
        let entries: [HistoryEntry]
        do {
            entries = try HistoryCommand.store().entries(profile: profile, endpoint: endpoint, limit: limit)
        } catch let failure as CLIFailure {
            throw failure
        } catch {
            throw CLIFailure(.history, "\(error)")
        }
        if json {
            StandardOutput.write(HistoryDocument.list(entries).serialized() + "\n")
            return
        }
        guard !entries.isEmpty else {
            StandardError.writeLine(
                "apix: no exchanges recorded" + (profile.map { " for \(SafeText.escape($0))" } ?? ""))
            return
        }
        let now = Date()
        let rows = entries.map { $0.columns(at: now) }
        StandardOutput.write(Self.table(rows))
    }

    /// Columns padded to their widest cell, the last one (the URL) as it is.
    static func table(_ rows: [[String]]) -> String {
        guard let count = rows.first?.count else { return "" }
        let widths = (0..<count).map { column in rows.map { $0[column].count }.max() ?? 0 }
        return rows.map { row in
            row.enumerated().map { index, cell in
                index == count - 1 ? cell : cell + String(repeating: " ", count: widths[index] - cell.count)
            }.joined(separator: "  ")
        }.joined(separator: "\n") + "\n"
    }
}

struct HistoryShowCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show", abstract: "Show one recorded exchange, its body included.")

    @Argument(help: "The entry's id (or the start of it, 4 characters or more).") var id: String
    @Flag(help: "Print one JSON object describing the entry.") var json = false

    func run() async throws {
        let entry = try HistoryCommand.entry(id, in: HistoryCommand.store())
        if json {
            StandardOutput.write(HistoryDocument.entry(entry).serialized() + "\n")
            return
        }
        var lines = [
            "id \(entry.id) · \(entry.ageText()) · \(ResponseDocument.iso8601(entry.recordedAt)) · \(entry.origin.rawValue)"
                + " · " + SafeText.escape(entry.target) + (entry.environment.map { " (\(SafeText.escape($0)))" } ?? ""),
            "> \(entry.request.method.rawValue) \(SafeText.escape(entry.request.url))",
        ]
        lines += entry.request.headers.map { "> " + SafeText.escape("\($0.name): \($0.value)") }
        if let response = entry.response {
            // The size that came, not the size of the body kept with its secrets masked.
            lines.append("< " + SafeText.escape(response.summaryLine(bodyBytes: entry.bodyBytes)))
            lines += entry.responseHeaders.map { "< " + SafeText.escape("\($0.name): \($0.value)") }
        } else if let error = entry.error {
            lines.append("< no response: " + SafeText.escape(error.message))
        }
        lines += entry.checks.map { "check \($0.passed ? "passed" : "failed"): " + SafeText.escape($0.description) }
        if let note = entry.bodyNote, !entry.isWebSocketSession { lines.append("(\(note))") }
        StandardError.writeLine(lines.joined(separator: "\n"))
        if let session = entry.webSocketSession {
            // A WebSocket session: its counts, time to the first message, close, and the frames kept, made safe.
            StandardOutput.write(session.displayLines.joined(separator: "\n") + "\n")
            return
        }
        if let response = entry.response, entry.body != nil {
            try BodyPrinter(response: response, toTerminal: StandardOutput.isTerminal).print()
        }
    }
}

struct HistoryRepairCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "repair",
        abstract: "Move a history that does not open aside, keep what still reads, and record what waits.")

    func run() async throws {
        let recorder = HistoryRecorder()
        for warning in recorder.warnings { StandardError.writeLine("apix: warning: \(warning)") }
        let report: HistoryRepair.Report
        do {
            report = try HistoryRepair.run(directory: recorder.directory, settings: recorder.settings)
        } catch {
            throw CLIFailure(.history, error.description)
        }
        let waited = report.imported > 0 ? "; recorded \(Units.count(report.imported, "exchange")) that waited" : ""
        guard let aside = report.movedAside else {
            StandardError.writeLine("apix: the history opens and is whole: nothing to repair" + waited)
            return
        }
        var line =
            "apix: moved the broken history aside to \(SafeText.escape(aside)); a new one keeps "
            + "\(Units.count(report.recovered, "exchange")) read from it" + waited
        if let unreadable = report.unreadable { line += " (the rest did not read: \(SafeText.escape(unreadable)))" }
        StandardError.writeLine(line)
    }
}
