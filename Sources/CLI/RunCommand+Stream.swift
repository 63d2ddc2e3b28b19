import ExplorerCore
import Foundation

extension RunCommand {
    /// What prints a stream's events as they arrive, `--events-file` opened (a problem there is a usage error).
    func streamPrinter(clearsProgress: Bool) throws -> StreamEventPrinter {
        if let maxEvents, maxEvents < 1 { throw CLIFailure(.usage, "--max-events must be at least 1") }
        return try StreamEventPrinter(json: json, eventsFile: eventsFile, clearsProgress: clearsProgress)
    }

    /// The end of a stream whose events were printed as they came: the status line and the counts on stderr,
    /// never the body again. With `--json` stdout stays the events, one a line (a reader of events sees nothing
    /// else there): the stream's figures, and its checks when it has some, go to stderr as one JSON object
    /// (`{"stream":{"events":5,"first_event_ms":…,"max_gap_ms":…,"events_per_s":…},"checks":[…]}`).
    func outputStream(_ response: Response, _ stream: EventStream.Snapshot, checks: [CheckResult]?) {
        guard !json else {
            var members = JSONObject()
            members.append(key: "stream", value: (response.stream ?? stream.metrics).jsonObject)
            if let checks, !checks.isEmpty { members.append(key: "checks", value: TestReport.checksJSON(checks)) }
            StandardError.writeLine(JSONValue.object(members).serialized())
            return
        }
        StandardError.writeLine(Self.statusLine(response))
        // The status line gives the size; the summary gives what only a stream has.
        StandardError.writeLine("apix: " + stream.summary(withSize: false))
        if timings { StandardError.writeLine(Self.timingLines(response.metrics).joined(separator: "\n")) }
    }
}
