import ExplorerCore
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The file a request body is edited in with `$EDITOR`. It may hold secrets and sits in the shared temporary
/// directory, so it goes in a fresh directory only the user can enter (`mkdtemp`, mode 0700) and is created
/// exclusively with mode 0600, never following a link: another user cannot read it, or plant a file or symlink
/// at a predictable name to read the body or redirect the write.
struct EditorFile: Sendable {
    let directory: String
    let path: String

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    static func make(_ text: String, in parent: String = NSTemporaryDirectory()) -> Result<EditorFile, Failure> {
        let base = parent.hasSuffix("/") ? String(parent.dropLast()) : parent
        var template = Array((base + "/apix-edit-XXXXXX").utf8CString)
        guard let made = mkdtemp(&template) else {
            return .failure(Failure(description: "mkdtemp in \(base): \(String(cString: strerror(errno)))"))
        }
        let directory = String(cString: made)
        let file = EditorFile(directory: directory, path: directory + "/body.txt")
        let fd = open(file.path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard fd >= 0 else {
            let reason = String(cString: strerror(errno))
            file.remove()
            return .failure(Failure(description: "\(file.path): \(reason)"))
        }
        defer { close(fd) }
        if let code = Array(text.utf8).withUnsafeBytes({ DescriptorWriter.writeAll($0, to: fd) }) {
            file.remove()
            return .failure(Failure(description: "\(file.path): \(String(cString: strerror(code)))"))
        }
        return .success(file)
    }

    /// Removes the file and its directory (an editor may have left a backup or swap file beside it).
    func remove() {
        try? FileManager.default.removeItem(atPath: directory)
    }
}
