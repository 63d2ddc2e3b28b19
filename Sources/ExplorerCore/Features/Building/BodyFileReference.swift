import Foundation

/// What `@` means in a body: the one reading behind `apix run --body`, the TUI's body editor and a profile's `file:`
/// body and multipart values.
///
/// - `@path` names a file, streamed from disk when sent; `@@…` is text that starts with `@` (one `@` dropped);
///   anything else is text.
/// - `~` and `~/…` are the home directory; a relative path starts at a base the caller gives: the working directory
///   for `apix run --body`, the profile's directory for profiles and the TUI's editor (where the body is saved).
/// - A file that cannot be read is an error that names the absolute path and why (`problem(at:)`).
package enum BodyFileReference: Sendable, Equatable {
    /// The file named by `@path`, as written (not yet resolved).
    case file(String)
    /// Text to send as it is (`@@` already turned into `@`).
    case text(String)

    /// Reads `text`: `@path` → `.file`, `@@rest` → `.text("@rest")`, anything else → `.text`.
    package init(_ text: String) {
        if text.hasPrefix("@@") {
            self = .text(String(text.dropFirst()))
        } else if text.hasPrefix("@") {
            self = .file(String(text.dropFirst()))
        } else {
            self = .text(text)
        }
    }

    /// `text` written so that it reads back as itself: a leading `@` doubled (`@@…`), so text that starts with `@`
    /// is never taken for a file. The one spelling of a literal the importers, curl lines and the editor write.
    package static func literal(_ text: String) -> String {
        text.hasPrefix("@") ? "@" + text : text
    }

    /// Whether `text`, trimmed, is a one-line `@path` (a body that is a file rather than text).
    package static func isFile(_ text: String) -> Bool {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.contains("\n"), case .file(let path) = BodyFileReference(trimmed) else { return false }
        return !path.isEmpty
    }

    /// `path` made absolute: `~` / `~/…` from `home`, a relative path from `base`, `.` and `..` resolved.
    package static func resolve(_ path: String, base: String, home: String) -> String {
        var path = path
        if path == "~" {
            path = home
        } else if path.hasPrefix("~/") {
            path = home + path.dropFirst()
        }
        if !path.hasPrefix("/") { path = base + "/" + path }
        // By spelling, never asking the file system (a plan is built without it).
        let normalized = BodyDestination.normalized(path)
        return normalized.count > 1 && normalized.hasSuffix("/") ? String(normalized.dropLast()) : normalized
    }

    /// Why the file at `path` cannot be sent (`cannot read PATH: No such file or directory`), or nil when it can.
    package static func problem(at path: String) -> String? {
        do {
            _ = try BodySegment.file(at: path)
            return nil
        } catch {
            return error.message
        }
    }
}
