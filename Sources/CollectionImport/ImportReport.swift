import ExplorerCore

/// What an import tells the user, the same from `apix import` and `apix-openapi`: where to put secrets, the notes and
/// a summary (for stderr), then what was written (for stdout, which scripts read).
package struct ImportReport: Sendable, Equatable {
    /// Message lines, without a program prefix.
    package let messages: [String]
    /// The file written, or merged into, and what it holds.
    package let result: String

    package init(_ imported: ProfileImport, written: ProfileImportWriter.Written) {
        var messages: [String] = []
        if let secretsFile = written.secretsFile {
            messages.append("fill in \(secretsFile) (keep it out of version control)")
        }
        messages += imported.notes.map { "note: \($0)" }
        messages.append("imported \(imported.summary)")
        self.messages = messages
        if let merged = written.merged {
            result = "merged into \(written.file): \(merged.summary)"
        } else {
            let profile = imported.profile
            result =
                "wrote \(written.file): \(Units.count(profile.endpoints.count, "endpoint")), "
                + "\(Units.count(profile.environments.count, "environment"))"
        }
    }
}
