/// Which queue of the scheduler a request waits in. The lanes have separate concurrency limits, so a running
/// upload or download never takes a slot a small request needs.
public enum Lane: String, Sendable, Hashable, CaseIterable {
    /// Small requests someone is waiting to read: the TUI's sends, API calls from scripts.
    case interactive
    /// Downloads to a file and uploads whose body is over the scheduler's threshold.
    case transfer

    /// The lane `request` belongs in when none is chosen: `transfer` for a download to a file or a body (bytes,
    /// file, or multipart form with its files) over `threshold` bytes; `interactive` otherwise.
    static func automatic(for request: PreparedRequest, threshold: Int64) -> Lane {
        if request.options.downloadTo != nil { return .transfer }
        guard !request.body.isEmpty else { return .interactive }
        // A body whose files cannot be read fails in the transport anyway; its lane does not matter.
        guard let segments = try? request.body.segments() else { return .transfer }
        return segments.reduce(0) { $0 + $1.count } > threshold ? .transfer : .interactive
    }
}
