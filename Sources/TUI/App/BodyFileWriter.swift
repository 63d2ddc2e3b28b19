import ExplorerCore
import Foundation

/// Writes a response body to the path typed at the "Write body to" prompt, as `BodyDestination` decides: `~`
/// expanded, a directory (or a link to one) means a file inside it named from the answer (never the directory
/// replaced, which would destroy everything in it), an existing file replaced by a rename, so a failed write leaves
/// it whole.
enum BodyFileWriter {
    /// What the runtime posts when the write is over: the file written (or aimed at) and why it failed, if it did.
    static func write(_ response: Response, to typed: String) -> Action {
        let destination = BodyDestination.forProcess(typed)
        do {
            let path = try destination.write(response.body, url: response.url, headers: response.headers)
            return .bodySaved(path: path, bytes: response.body.count, error: nil)
        } catch {
            let reason =
                switch error.reason {
                case .isDirectory: "it is a directory; type a file name (nothing was written)"
                // "could not write F: Broken pipe", not "could not write F: cannot write: Broken pipe".
                case .system(let action, let code) where action == "cannot write": String(cString: strerror(code))
                case .system, .inPlace: error.detail
                }
            return .bodySaved(path: destination.path, bytes: 0, error: reason)
        }
    }
}
