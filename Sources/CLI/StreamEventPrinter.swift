import ExplorerCore
import Foundation
import Synchronization

/// Prints a stream's events as they arrive (`apix run`): a block per event (`StreamEvent.displayLines`, the TUI's
/// Events view's text) and a blank line, or with `--json` one JSON object a line (`StreamEvent.jsonObject`),
/// written at once. With `--events-file` every event also goes to that file as a JSON line.
///
/// Called on the transport's thread, one event at a time; `Mutex` only guards the first-event flag.
final class StreamEventPrinter: Sendable {
    private let json: Bool
    private let file: Int32?
    /// `--events-file` as the user gave it, `~` expanded, for the message of a write that failed.
    private let filePath: String
    /// Whether stderr's progress line must be wiped before the first event goes to the same terminal.
    private let clearsProgress: Bool
    private let started = Mutex(false)
    private let failure = Mutex<String?>(nil)
    /// Set by Ctrl-C: a write waiting for a stdout reader that stopped reading gives up, and no more is printed.
    private let interrupted = Mutex(false)

    /// Opens (creates or truncates, 0600: events may carry what the server told this user only) `eventsFile`. A
    /// FIFO, a device or a `/dev/fd/N` is opened as `-o` opens one (`InPlaceFile`): a FIFO no process reads fails at
    /// once (it waited in `open` for a reader, before the request, deaf to Ctrl-C's cancellation).
    init(json: Bool, eventsFile: String?, clearsProgress: Bool) throws {
        self.json = json
        self.clearsProgress = clearsProgress
        let path = eventsFile.map { ($0 as NSString).expandingTildeInPath } ?? ""
        filePath = path
        guard eventsFile != nil else {
            file = nil
            return
        }
        var info = stat()
        let inPlace = stat(path, &info) == 0 && InPlaceFile.applies(to: path, info: info)
        let fd =
            inPlace ? InPlaceFile.open(path, info: info) : open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard fd >= 0 else {
            let reason = inPlace ? InPlaceFile.reason(errno, info: info) : String(cString: strerror(errno))
            throw CLIFailure(.usage, "cannot write \(path): \(reason)")
        }
        file = fd
    }

    deinit {
        if let file { close(file) }
    }

    /// Ends a write that waits for stdout's reader (on libcurl's loop thread, where a blocked write would keep a
    /// cancellation from being heard) and drops what comes after.
    func interrupt() {
        interrupted.withLock { $0 = true }
    }

    /// Writes to stdout without blocking on a pipe whose reader stopped (`DescriptorWriter`): a write error ends
    /// the printing as a plain write's would, SIGPIPE included.
    private func emit(_ text: String) {
        guard !interrupted.withLock({ $0 }) else { return }
        _ = Data(text.utf8).withUnsafeBytes {
            DescriptorWriter.writeAll($0, to: STDOUT_FILENO) { interrupted.withLock { $0 } }
        }
    }

    /// The `--events-file` write that failed, if one did.
    var fileFailure: String? { failure.withLock { $0 } }

    func print(_ event: StreamEvent) {
        guard !interrupted.withLock({ $0 }) else { return }
        let first = started.withLock { started in
            defer { started = true }
            return !started
        }
        if clearsProgress, first {
            StandardError.write("\r\u{1B}[K")
        }
        let line = event.jsonObject.serialized() + "\n"
        emit(json ? line : Self.block(event))
        if let file,
            let code = DescriptorWriter.hearingBrokenPipe({
                // A reader that stops reading holds this write on libcurl's loop thread: Ctrl-C still ends it.
                Data(line.utf8).withUnsafeBytes {
                    DescriptorWriter.writeAll($0, to: file) { interrupted.withLock { $0 } }
                }
            }),
            code != ECANCELED  // Ctrl-C: the run says "cancelled"
        {
            failure.withLock {
                $0 = $0 ?? "cannot write the events file \(filePath): \(String(cString: strerror(code)))"
            }
        }
    }

    /// One event as `apix run` prints it: its display lines, then a blank line.
    static func block(_ event: StreamEvent, timeZone: TimeZone = .current) -> String {
        event.displayLines(timeZone: timeZone).joined(separator: "\n") + "\n\n"
    }
}
