import ExplorerCore
import Foundation

/// A response body that is still in its file (a large body spooled to disk), to be scrubbed of `secrets` and
/// compressed into the history piece by piece when the entry is written. Holding it keeps the file.
struct SpooledHistoryBody: Sendable, Equatable {
    let body: ResponseBody
    let secrets: HistorySecrets

    /// The same file, the same size, the same secrets.
    static func == (a: Self, b: Self) -> Bool {
        a.body.filePath == b.body.filePath && a.body.count == b.body.count && a.secrets == b.secrets
    }

    /// Hands the body's bytes to `each`, scrubbed, in pieces of about a mebibyte.
    func forEachScrubbedPiece(_ each: (Data) throws -> Void) throws {
        var stream = HistorySecretsStream(secrets)
        try body.forEachChunk(ofSize: 1 << 20) { piece in try each(stream.feed(piece)) }
        try each(stream.finish())
    }
}
