import Foundation

/// Where a response body is written: the one decision behind the TUI's `w`, `apix run -o` and an endpoint's
/// `download: { to: }`.
///
/// - The path: `~` and `~/…` are the home directory; a relative path starts at `base` (the TUI's and `apix run`'s
///   working directory, or the profile's directory for `download: to:`).
/// - A directory (an existing one, or a path written with a final `/`) means "inside it": the file is named from the
///   response's `Content-Disposition` file name, else the URL's last path segment, else `download`, made safe
///   (`fileName(url:headers:)`): one path segment, no control characters, never hidden or `..`.
/// - An existing file is replaced (as curl's `-o` does), whole or not at all: a saved body goes through `AtomicFile`,
///   a download through `NAME.part`, renamed over `NAME` when it is complete and removed when it is not.
/// - New files get 0666 narrowed by the umask, like any file a program makes; a replaced file keeps its mode.
package struct BodyDestination: Sendable, Equatable {
    /// The path, `~` expanded and absolute; a directory when `isDirectory` or when one exists there.
    package var path: String

    /// `typed` as a destination: `~` expanded from `home`, a relative path taken from `base`.
    package init(_ typed: String, base: String, home: String) {
        var path = typed
        if path == "~" {
            path = home + "/"
        } else if path.hasPrefix("~/") {
            path = home + path.dropFirst()
        }
        if !path.hasPrefix("/") { path = (base.hasSuffix("/") ? base : base + "/") + path }
        self.path = Self.normalized(path)
    }

    /// A destination that is already an absolute path (as the request builder resolved it).
    package init(resolved path: String) {
        self.path = path
    }

    /// `typed` for the process at hand: its `HOME` (else the user database) and current directory.
    package static func forProcess(_ typed: String) -> BodyDestination {
        let home = ProcessInfo.processInfo.environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return BodyDestination(typed, base: FileManager.default.currentDirectoryPath, home: home)
    }

    /// Why no file can be made at the path, decided before anything is sent (a POST whose answer has nowhere to go
    /// should not go): its directory is missing or is not one. Nil when the path exists (a file, a directory, a
    /// FIFO: each is decided when the answer comes) or its directory does.
    package var missingDirectory: String? {
        var info = stat()
        guard stat(path, &info) != 0, errno == ENOENT || errno == ENOTDIR else { return nil }
        let directory = isDirectoryBySpelling ? String(path.dropLast()) : (path as NSString).deletingLastPathComponent
        if directory.isEmpty { return nil }
        guard stat(directory, &info) == 0 else { return "no directory \(directory)" }
        return info.st_mode & S_IFMT == S_IFDIR ? nil : "\(directory) is not a directory"
    }

    /// Whether the path is written as a directory (a final `/`).
    var isDirectoryBySpelling: Bool { path.hasSuffix("/") }

    /// The file the body goes to, for a response from `url` with `headers`: the path, or a safe name inside it when
    /// it is a directory (looked at on the file system now).
    package func file(url: String, headers: HTTPHeaders) -> String {
        var isDirectory: ObjCBool = false
        let exists = FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
        guard isDirectoryBySpelling || (exists && isDirectory.boolValue) else { return path }
        return (path as NSString).appendingPathComponent(Self.fileName(url: url, headers: headers))
    }

    /// The name a body gets inside a directory: `Content-Disposition`'s `filename*` (UTF-8) or `filename`, else the
    /// URL's last path segment (percent-decoded), else `download`; one segment, made safe to create.
    package static func fileName(url: String, headers: HTTPHeaders = [:]) -> String {
        if let disposition = headers["Content-Disposition"], let name = dispositionName(disposition).map(safeName),
            !name.isEmpty
        {
            return name
        }
        var address = url
        if let cut = address.firstIndex(where: { $0 == "?" || $0 == "#" }) { address = String(address[..<cut]) }
        if let scheme = address.range(of: "://") { address = String(address[scheme.upperBound...]) }
        let segments = address.split(separator: "/", omittingEmptySubsequences: false).dropFirst()  // the host
        let last = segments.last.map(String.init) ?? ""
        let name = safeName(last.removingPercentEncoding ?? last)
        return name.isEmpty ? "download" : name
    }

    /// The file a download is written to until it is complete.
    package static func partPath(of file: String) -> String { file + ".part" }

    /// What both front ends say after a body was written.
    package static func savedMessage(path: String, bytes: Int64) -> String {
        "body saved to \(path) (\(Units.bytes(bytes)))"
    }

    /// What both front ends add when a download did not complete: its partial file is removed.
    package static func removedPartMessage(part: String) -> String {
        "the partial download \(part) was removed"
    }

    /// Writes a body held in memory or a spool file: to `file(url:headers:)`, atomically. Returns the file written.
    package func write(_ body: ResponseBody, url: String, headers: HTTPHeaders) throws(AtomicFileError) -> String {
        let target = file(url: url, headers: headers)
        try AtomicFile.write(body: body, to: target, options: .userFile)
        return target
    }

    // MARK: - Names

    /// One path segment that is safe to create: no `/`, `\`, control characters or leading dots (never hidden,
    /// never `.` or `..`), at most 200 bytes of UTF-8. Cut by scalars, as the file system reads bytes: by characters,
    /// a `/` followed by a combining mark (`/` + U+0301) is not a slash, and `a/\u{301}b` went on whole, one directory
    /// down; a `.` so joined stayed in front (a hidden file).
    static func safeName(_ raw: String) -> String {
        let segment = raw.unicodeScalars.split(whereSeparator: { $0 == "/" || $0 == "\\" }).last ?? []
        var name = String(String.UnicodeScalarView(segment.filter { !CharacterSet.controlCharacters.contains($0) }))
        name = name.trimmingCharacters(in: .whitespaces)
        while name.unicodeScalars.first == "." { name.unicodeScalars.removeFirst() }
        while name.utf8.count > 200 { name.removeLast() }
        return name
    }

    /// The file name a `Content-Disposition` value gives: `filename*=UTF-8''…` first, then `filename=`.
    static func dispositionName(_ value: String) -> String? {
        var plain: String?
        for parameter in value.split(separator: ";").dropFirst() {
            let pair = parameter.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            guard pair.count == 2 else { continue }
            switch pair[0].lowercased() {
            case "filename*":
                let parts = pair[1].split(separator: "'", maxSplits: 2, omittingEmptySubsequences: false)
                if parts.count == 3, parts[0].lowercased() == "utf-8",
                    let decoded = String(parts[2]).removingPercentEncoding
                {
                    return decoded
                }
            case "filename":
                var text = pair[1]
                if text.count >= 2, text.hasPrefix("\""), text.hasSuffix("\"") {
                    text = String(text.dropFirst().dropLast())
                }
                plain = text
            default:
                continue
            }
        }
        return plain
    }

    /// `.` and `..` segments resolved, a final `/` kept (it means a directory).
    static func normalized(_ path: String) -> String {
        var parts: [Substring] = []
        for part in path.split(separator: "/") where part != "." {
            if part == ".." {
                if !parts.isEmpty { parts.removeLast() }
            } else {
                parts.append(part)
            }
        }
        let joined = "/" + parts.joined(separator: "/")
        return path.hasSuffix("/") && joined != "/" ? joined + "/" : joined
    }
}
