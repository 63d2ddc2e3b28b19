import ArgumentParser

/// `apix --generate-completion-script fish`: ArgumentParser's script, made to work on fish 3 (Debian 12 and Ubuntu
/// 22.04 ship 3.6 and 3.3).
///
/// The script finds which positional the cursor is on by running fish's `argparse` over the line with every option
/// of the command as a spec. fish 3's `argparse` refuses a spec with a dot in it ("Invalid option spec 'http1.1'"),
/// and the script then counts its own arguments as positionals: after `apix run`, no profile or endpoint completed.
/// Dropping such specs keeps every other option known to that parse; only a line that itself holds `--http1.1`
/// completes no positional on fish 3 (fish 4 accepts the name). The option itself still completes: its own
/// `complete -l http1.1` line is untouched.
enum FishCompletionScript {
    static var script: String { fixed(ApixCommand.completionScript(for: .fish)) }

    static func fixed(_ script: String) -> String {
        script.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            guard line.contains("__apix_parse_subcommand "), !line.contains("function ") else { return String(line) }
            return line.split(separator: " ", omittingEmptySubsequences: false)
                .filter { !($0.hasPrefix("'") && $0.hasSuffix("'") && $0.contains(".")) }
                .joined(separator: " ")
        }.joined(separator: "\n")
    }

    /// The arguments that ask for this script, in either spelling ArgumentParser accepts.
    static func isRequested(_ arguments: [String]) -> Bool {
        arguments == ["--generate-completion-script", "fish"] || arguments == ["--generate-completion-script=fish"]
    }
}
