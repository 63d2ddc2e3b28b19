import Foundation
import Testing
import Yams

@testable import ExplorerCore

/// A syntax error is worded from the libyaml parser `YAMLComposer` read the text with, not by composing the text
/// again with Yams: the words and places must be Yams' own all the same.
@Suite("YAML syntax errors")
struct YAMLSyntaxErrorTests {
    /// Texts libyaml refuses: reader (a control character, after multi-byte text too), scanner and parser errors,
    /// with and without a context, at the start, in the middle and at the end of a text.
    static let syntaxErrors = [
        "a: [1, 2\n", "a: b: c\n", "a: 'open\n", "\t- tab\n", "- a\nb: c\n", "a: 1\n\u{0}\n", "a: !<x\n",
        "é漢: 1\nb: \u{1}\n", "a: \"x\u{7}\"\n", "\u{1}", "a:\n  - [b\n  c: d\n", "key: {a: 1\n", "? a\n? b\n: c\n- d\n",
        "%YAML 2.0\n---\na\n", "a: |\n  x\n y\n", "a: &\n", "a: *\n", "!<>a: 1\n", "- é\n  - \u{85}]",
        "a: \"\\q\"\n", "'a\n\u{0}'\n",
    ]

    @Test("the composer reports libyaml's own error for what libyaml refuses")
    func syntaxErrorsAreReported() {
        for text in Self.syntaxErrors {
            guard case .failure(.syntax) = YAMLComposer.compose(text) else {
                Issue.record("\(text.debugDescription): \(YAMLComposer.compose(text))")
                continue
            }
        }
        // What libyaml reads but Yams refuses is still Yams' to word (a second document even when it is broken).
        for text in ["a: *missing\n", "a: 1\na: 2\n", "a: 1\n---\nb: 2\n", "a: 1\n---\n]\n"] {
            #expect(YAMLComposer.compose(text) == .failure(.unsupported), "\(text.debugDescription)")
        }
    }

    @Test("lists and maps nested past libyaml's limit say the limit in our words, where the nesting starts")
    func nestingLimit() {
        let deep =
            "a:\n  b: " + String(repeating: "[", count: 1_100) + "1" + String(repeating: "]", count: 1_100) + "\n"
        guard case .failure(let problem) = ProfileLoader.compose(deep, file: "/p/x.yaml") else {
            Issue.record("1,100 nested lists composed")
            return
        }
        #expect(
            problem.description
                == "/p/x.yaml:2:7: YAML syntax error: lists and maps nested deeper than libyaml reads (about 1000 levels)"
        )
        // 1,000 levels are read (999 block maps, 1,011 flow lists in this libyaml).
        let limit = String(repeating: "[", count: 990) + "1" + String(repeating: "]", count: 990)
        guard case .success = ProfileLoader.compose("a: \(limit)\n", file: "/p/x.yaml") else {
            Issue.record("990 nested lists in a map were refused")
            return
        }
    }

    @Test("syntax errors read as Yams words them: message, line and column")
    func sameWordsAsYams() {
        for text in Self.syntaxErrors + YAMLComposerTests.broken {
            expectYamsWording(text)
        }
    }

    @Test("every cut and every bad byte put into a profile reads as Yams words it")
    func mutatedProfiles() throws {
        let profile = YAMLComposerTests.largeProfile(endpoints: 3)
        let characters = Array(profile)
        let inserts = ["\t", "]", "{", "\u{1}", "é\u{0}", "'", "\"", "&", "*", "!<", ": ", "\n- ", "? ", "%", "|"]
        var checked = 0
        for cut in stride(from: 0, to: characters.count, by: 7) {
            expectYamsWording(String(characters[..<cut]))
            let insert = inserts[cut % inserts.count]
            checked += expectYamsWording(String(characters[..<cut]) + insert + String(characters[cut...])) ? 1 : 0
        }
        // Most of them are broken, so the comparison is not vacuous.
        #expect(checked > 20)
    }

    /// Whether the loader refused `text`; when it did, that its problem is the one Yams' error makes.
    @discardableResult
    private func expectYamsWording(_ text: String) -> Bool {
        guard case .failure(let problem) = ProfileLoader.compose(text, file: "/p/x.yaml") else { return false }
        if problem.message.hasPrefix("the file is empty") || problem.message.hasPrefix("too many YAML aliases") {
            return false
        }
        do {
            _ = try Yams.compose(yaml: text, .basic, Constructor([:], [:], [:]), .utf8)
            Issue.record("Yams composed \(text.debugDescription), refused with \(problem)")
        } catch {
            // Yams' words, then perhaps a hint of ours after `; ` (a tab, an unquoted {{…}} in a flow).
            let yams = ProfileLoader.syntaxProblem(error, file: "/p/x.yaml")
            #expect(problem.location == yams.location, "\(text.debugDescription)")
            #expect(
                problem.message == yams.message || problem.message.hasPrefix(yams.message + "; "),
                "\(text.debugDescription): \(problem.message)")
        }
        return true
    }
}
