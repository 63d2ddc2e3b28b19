import ExplorerCore

/// Writes a response body to the path typed at the "Write body to" prompt, with `AtomicFile`: the target is never
/// deleted (a directory, or a link to one, is refused, because replacing it would destroy everything in it), and an
/// existing file is replaced by a rename, so a failed write leaves it whole.
enum BodyFileWriter {
    /// An error for the status line, or nil.
    static func write(_ body: ResponseBody, to path: String) -> String? {
        do {
            try AtomicFile.write(body: body, to: path)
            return nil
        } catch {
            switch error.reason {
            case .isDirectory: return "it is a directory; type a file name (nothing was written)"
            case .system: return error.detail
            }
        }
    }
}
