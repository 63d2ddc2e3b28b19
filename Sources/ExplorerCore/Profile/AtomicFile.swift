import Foundation

/// Replaces a file's contents all at once: the bytes go to a temporary file in the same directory, which is
/// flushed to disk and then renamed over the target, so a reader (or a crash) sees the old file or the new one,
/// never a mix or a truncated one.
public enum AtomicFile {
    /// `mode` applies to a new file; an existing file keeps its own. A symbolic link is written through: its
    /// target is replaced and the link stays (a profile linked from a dotfiles repository keeps its edits there).
    public static func write(_ text: String, to link: String, mode newMode: mode_t = 0o644) throws(ProfileWriteError) {
        let path = resolvedTarget(of: link)
        let directory = (path as NSString).deletingLastPathComponent.isEmpty
            ? "." : (path as NSString).deletingLastPathComponent
        let name = (path as NSString).lastPathComponent
        removeLeftovers(of: name, in: directory)
        // Hidden, so the profile loader never mistakes a leftover for a profile.
        var template = Array(((directory as NSString).appendingPathComponent(".\(name).tmp-XXXXXX")).utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else { throw failure(path, "cannot create a temporary file: \(errorText())") }
        let temporary = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        var done = false
        defer {
            if !done { unlink(temporary) }
        }
        var mode = newMode
        var info = stat()
        if stat(path, &info) == 0 { mode = info.st_mode & 0o7777 }
        fchmod(descriptor, mode)
        let bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
            if written < 0 {
                if errno == EINTR { continue }
                close(descriptor)
                throw failure(path, errorText())
            }
            offset += written
        }
        guard fsync(descriptor) == 0 else {
            let why = errorText()
            close(descriptor)
            throw failure(path, why)
        }
        close(descriptor)
        guard rename(temporary, path) == 0 else { throw failure(path, errorText()) }
        done = true
        // The rename itself must reach the disk too.
        let directoryDescriptor = open(directory, O_RDONLY)
        if directoryDescriptor >= 0 {
            fsync(directoryDescriptor)
            close(directoryDescriptor)
        }
    }

    /// Temporary files a killed writer left behind (older than a minute, so never one being written now).
    /// The file a path names after following symbolic links; the path itself when it does not exist yet.
    static func resolvedTarget(of path: String) -> String {
        guard let resolved = realpath(path, nil) else { return path }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    static func removeLeftovers(of name: String, in directory: String) {
        let prefix = ".\(name).tmp-"
        let now = Date()
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        for entry in entries where entry.hasPrefix(prefix) {
            let path = (directory as NSString).appendingPathComponent(entry)
            guard let modified = (try? FileManager.default.attributesOfItem(atPath: path))?[.modificationDate] as? Date,
                now.timeIntervalSince(modified) > 60
            else { continue }
            try? FileManager.default.removeItem(atPath: path)
        }
    }

    private static func errorText() -> String { String(cString: strerror(errno)) }

    private static func failure(_ path: String, _ why: String) -> ProfileWriteError {
        ProfileWriteError(.io(path: path, reason: why), file: path)
    }
}
