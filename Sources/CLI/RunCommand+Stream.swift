import ExplorerCore
import Foundation

extension RunCommand {
    /// What prints a stream's events as they arrive, `--events-file` opened (a problem there is a usage error).
    func streamPrinter(clearsProgress: Bool) throws -> StreamEventPrinter {
        if let maxEvents, maxEvents < 1 { throw CLIFailure(.usage, "--max-events must be at least 1") }
        return try StreamEventPrinter(json: json, eventsFile: eventsFile, clearsProgress: clearsProgress)
    }

    /// The end of a stream whose events were printed as they came: the status line and the counts on stderr
    /// (nothing with `--json`, whose output is the events, one a line), never the body again.
    func outputStream(_ response: Response, _ stream: EventStream.Snapshot) {
        guard !json else { return }
        StandardError.writeLine(Self.statusLine(response))
        // The status line gives the size; the summary gives what only a stream has.
        StandardError.writeLine("apix: " + stream.summary(withSize: false))
        if timings { StandardError.writeLine(Self.timingLines(response.metrics).joined(separator: "\n")) }
    }
}
