import Foundation

/// Replaces a file's contents all at once: the bytes go to a new temporary file in the same directory (created
/// exclusively, never through an existing name), which is flushed to disk and then renamed over the target, and
/// the directory is flushed too. A reader (or a crash) sees the old file or the new one, never a mix or a truncated
/// one, and a failed write leaves the old file whole and no temporary file behind. A directory is never replaced;
/// a device, a pipe or a name under `/dev` or `/proc` is written in place (`InPlaceFile`).
///
/// The one writer of every file apix replaces: profiles, token files, cache files, saved response bodies.
package enum AtomicFile {
    /// What differs between the files apix writes.
    package struct Options: Sendable, Equatable {
        /// Permissions of a new file, set exactly; `nil`: 0666 narrowed by the umask, like any file a program makes.
        package var mode: mode_t?
        /// An existing file keeps its own permissions instead of `mode`.
        var keepsExistingMode: Bool
        /// A symbolic link is written through: its target is replaced and the link stays. Otherwise the link itself
        /// is replaced by the new file.
        var followsSymlink: Bool

        package init(mode: mode_t?, keepsExistingMode: Bool, followsSymlink: Bool) {
            self.mode = mode
            self.keepsExistingMode = keepsExistingMode
            self.followsSymlink = followsSymlink
        }

        /// Readable only by the user (tokens, caches): 0600 whatever the file had before.
        static let userOnly = Options(mode: 0o600, keepsExistingMode: false, followsSymlink: false)
        /// A file the user named (a saved body): new files as the umask says, existing ones keep their mode.
        package static let userFile = Options(mode: nil, keepsExistingMode: true, followsSymlink: false)
    }

    /// Replaces the file at `link` with `text`. `mode` applies to a new file; an existing file keeps its own. A
    /// symbolic link is written through (a profile linked from a dotfiles repository keeps its edits there).
    package static func write(_ text: String, to link: String, mode: mode_t = 0o644) throws(AtomicFileError) {
        let options = Options(mode: mode, keepsExistingMode: true, followsSymlink: true)
        try write(Data(text.utf8), to: link, options: options)
    }

    /// Replaces the file at `path` with `data`.
    package static func write(_ data: Data, to path: String, options: Options) throws(AtomicFileError) {
        try replace(path, options: options) { descriptor throws(AtomicFileError) in
            let code = data.withUnsafeBytes { DescriptorWriter.writeAll($0, to: descriptor) }
            if let code { throw AtomicFileError(.system(action: "cannot write", code: code), path: path) }
        }
    }

    /// Replaces the file at `path` with what `fill` writes to the descriptor it is given (a temporary file beside
    /// `path`, renamed over it once `fill` returns; removed if it throws).
    package static func write(to path: String, options: Options, fill: (Int32) throws(AtomicFileError) -> Void)
        throws(AtomicFileError)
    {
        try replace(path, options: options, fill: fill)
    }

    /// Replaces the file at `path` with the contents of the file at `source`, streamed, never read whole.
    package static func write(contentsOf source: String, to path: String, options: Options) throws(AtomicFileError) {
        let input = open(source, O_RDONLY | O_CLOEXEC)
        guard input >= 0 else {
            throw AtomicFileError(.system(action: "cannot read \(source)", code: errno), path: path)
        }
        defer { close(input) }
        try replace(path, options: options) { descriptor throws(AtomicFileError) in
            let size = 1 << 16
            let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: size, alignment: 1)
            defer { buffer.deallocate() }
            while true {
                let count = read(input, buffer.baseAddress, size)
                if count == 0 { return }
                if count < 0 {
                    if errno == EINTR { continue }
                    throw AtomicFileError(.system(action: "cannot read \(source)", code: errno), path: path)
                }
                if let code = DescriptorWriter.writeAll(
                    UnsafeRawBufferPointer(rebasing: buffer[..<count]), to: descriptor)
                {
                    throw AtomicFileError(.system(action: "cannot write", code: code), path: path)
                }
            }
        }
    }

    /// Replaces the file at `path` with a response body, streamed from its file when it is on disk.
    package static func write(body: ResponseBody, to path: String, options: Options = .userFile)
        throws(AtomicFileError)
    {
        if let source = body.filePath {
            try write(contentsOf: source, to: path, options: options)
            return
        }
        let data: Data
        do {
            data = try body.data()
        } catch {
            throw AtomicFileError(.system(action: "cannot read the body", code: EIO), path: path)
        }
        try write(data, to: path, options: options)
    }

    /// The temporary file, `fill`ed, flushed and renamed over the target; removed whenever anything fails.
    private static func replace(
        _ target: String, options: Options, fill: (Int32) throws(AtomicFileError) -> Void
    ) throws(AtomicFileError) {
        let path = options.followsSymlink ? resolvedTarget(of: target) : target
        func failure(_ action: String, _ code: Int32 = errno) -> AtomicFileError {
            AtomicFileError(.system(action: action, code: code), path: path)
        }
        // Follows links, so a link to a directory is refused as well.
        var info = stat()
        let exists = stat(path, &info) == 0
        if exists, info.st_mode & S_IFMT == S_IFDIR { throw AtomicFileError(.isDirectory, path: path) }
        if exists, InPlaceFile.applies(to: path, info: info) {
            try writeInPlace(path, info: info, fill: fill)
            return
        }
        let parent = (path as NSString).deletingLastPathComponent
        let directory = parent.isEmpty ? "." : parent
        let name = (path as NSString).lastPathComponent
        removeLeftovers(of: name, in: directory)
        var temporary = ""
        var descriptor: Int32 = -1
        // Created exclusively and never through a link, so nothing planted at the name is written or followed.
        for _ in 0..<16 {
            // Hidden, so the profile loader never mistakes a leftover for a profile.
            temporary = (directory as NSString).appendingPathComponent(".\(name).tmp-\(randomSuffix())")
            descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, options.mode ?? 0o666)
            if descriptor >= 0 || errno != EEXIST { break }
        }
        guard descriptor >= 0 else {
            // The temporary file is ours, not the user's: a missing directory is what they can act on (`w` into a
            // folder not made yet).
            if errno == ENOENT || errno == ENOTDIR { throw failure("no directory \(directory)") }
            throw failure("cannot create a temporary file")
        }
        var renamed = false
        defer {
            if !renamed { unlink(temporary) }
        }
        do throws(AtomicFileError) {
            // The umask may narrow the mode given to open, never widen it; set it exactly.
            let mode = options.keepsExistingMode && exists ? info.st_mode & 0o7777 : options.mode
            if let mode, fchmod(descriptor, mode) != 0 { throw failure("cannot set the permissions") }
            try fill(descriptor)
            guard fsync(descriptor) == 0 else { throw failure("cannot write") }
        } catch {
            close(descriptor)
            throw error
        }
        close(descriptor)
        guard rename(temporary, path) == 0 else { throw failure("cannot replace the file") }
        renamed = true
        // The rename itself must reach the disk too.
        let directoryDescriptor = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if directoryDescriptor >= 0 {
            fsync(directoryDescriptor)
            close(directoryDescriptor)
        }
    }

    /// A device, pipe or system link (`InPlaceFile`): written as it is, nothing to flush or rename.
    private static func writeInPlace(
        _ path: String, info: stat, fill: (Int32) throws(AtomicFileError) -> Void
    ) throws(AtomicFileError) {
        let descriptor = InPlaceFile.open(path, info: info)
        guard descriptor >= 0 else {
            throw AtomicFileError(.inPlace(InPlaceFile.reason(errno, info: info)), path: path)
        }
        defer { close(descriptor) }
        // A FIFO whose reader goes away fails the write ("Broken pipe") rather than ending apix.
        try DescriptorWriter.hearingBrokenPipe { () throws(AtomicFileError) in try fill(descriptor) }
    }

    private static func randomSuffix() -> String {
        let letters = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
        return String((0..<8).map { _ in letters.randomElement()! })
    }

    /// The file a path names after following symbolic links; the path itself when it does not exist yet.
    static func resolvedTarget(of path: String) -> String {
        guard let resolved = realpath(path, nil) else { return path }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// Temporary files a killed writer left behind (older than a minute, so never one being written now).
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
}
