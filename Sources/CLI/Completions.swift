import ArgumentParser
import ExplorerCore
import Foundation

/// Shell completion of the user's own names: profile ids, the chosen profile's endpoint ids, environment names and
/// `auths:` names, in bash, zsh and fish alike.
///
/// ArgumentParser's generated scripts call `apix ---completion …` on Tab, which parses the line and calls these
/// closures with the shell's words. They read the profile's outline only (`ProfileOutline`: composed YAML, no
/// model, no variable checks) and `main.swift` answers before the async runtime starts (`ApixCLI.completionStatus`),
/// so a Tab on a 2,000-endpoint profile answers within a keystroke. Nothing here may print or fail: a profile that is
/// missing or broken completes to nothing.
enum Completions {
    static let profile = CompletionKind.custom { words, index, _ in profiles(words, index) }
    static let endpoint = CompletionKind.custom { words, index, _ in outline(words, index).endpoints }
    static let environment = CompletionKind.custom { words, index, _ in outline(words, index).environments }
    static let auth = CompletionKind.custom { words, index, _ in outline(words, index).auths }

    /// Options that take a value, in every command: their value is never the profile.
    static let valued: Set<String> = Set(FastArguments.runOptions.keys).union([
        "--auth", "--environment", "--parallel", "--junit", "--limit", "--port", "--token-lifetime", "--name",
        "--send", "--send-saved", "--max-messages", "--idle", "--max-message",
    ])

    static func profiles(_ words: [String], _ index: Int) -> [String] {
        ProfileOutline.profiles(in: directory(words, index))
    }

    /// The outline of the profile named on the line: its first positional word that is a profile id (the command's
    /// own words, `run` or `export curl`, are not profiles).
    static func outline(_ words: [String], _ index: Int) -> ProfileOutline {
        let directory = directory(words, index)
        let known = Set(ProfileOutline.profiles(in: directory))
        guard let id = positionals(words, before: index).first(where: known.contains) else { return ProfileOutline() }
        return ProfileOutline.read(profile: id, in: directory)
    }

    /// The words before `index` that are neither options nor an option's value, unquoted.
    static func positionals(_ words: [String], before index: Int) -> [String] {
        var result: [String] = []
        var position = 1
        while position < min(index, words.count) {
            let word = words[position]
            position += 1
            if word.hasPrefix("-") {
                if valued.contains(word) { position += 1 }
                continue
            }
            result.append(unquoted(word))
        }
        return result
    }

    /// `--profiles DIR` (or `--profiles=DIR`) on the line, else the search path `ProfileOptions` uses.
    static func directory(_ words: [String], _ index: Int) -> String {
        var explicit: String?
        for (position, word) in words.enumerated() where position != index {
            if word == "--profiles", position + 1 < words.count, position + 1 != index {
                explicit = unquoted(words[position + 1])
            } else if word.hasPrefix("--profiles=") {
                explicit = unquoted(String(word.dropFirst("--profiles=".count)))
            }
        }
        // The shell hands words verbatim: a `~/` is the user's home, as the shell would expand it.
        if let path = explicit, path.hasPrefix("~/") {
            explicit = (NSHomeDirectory() as NSString).appendingPathComponent(String(path.dropFirst(2)))
        }
        return ProfileSearchPath.directory(explicit: explicit)
    }

    /// A shell word without the quotes around it (`'demo'`, `"demo"`) or backslash escapes.
    static func unquoted(_ word: String) -> String {
        if word.count >= 2, let first = word.first, first == "'" || first == "\"", word.last == first {
            return String(word.dropFirst().dropLast())
        }
        return word.replacingOccurrences(of: "\\", with: "")
    }
}
