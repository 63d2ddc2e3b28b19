import ArgumentParser
import Foundation
import Testing

@testable import CLI

/// `FastArguments` reads `apix run` and `apix list` without swift-argument-parser: for every line it accepts, the
/// command must be exactly what the parser makes; every other line is left to the parser.
@Suite("Fast argument reading for run and list")
struct FastArgumentsTests {
    /// A command's whole value, property wrappers included: two dumps are equal when every option is.
    static func dump(_ value: Any) -> String {
        var text = ""
        Swift.dump(value, to: &text)
        return text
    }

    /// Lines the fast path reads (true) or leaves to the parser (false).
    static let lines: [([String], Bool)] = [
        (["run", "demo", "todos.list"], true),
        (["run", "demo", "todos.get", "-p", "id=1", "--json"], true),
        (["run", "--profiles", "/tmp/p", "demo", "todos.get", "-e", "local", "-p", "id=1", "-p", "x=2"], true),
        (
            [
                "run", "demo", "x", "--env", "prod", "-q", "a=1", "-q", "a=2", "-H", "X-A: 1", "--var", "v=1",
                "--body", "@/tmp/f", "-o", "/tmp/out", "--timings", "--json", "--fail", "--no-follow",
                "--max-redirects", "3", "--timeout", "2.5", "--insecure", "--reveal", "--cached", "--no-cache",
                "--priority", "high", "--profiles", "/p",
            ], true
        ),
        (["run", "demo", "x", "--output", "f", "--body", "", "-H", "Accept:"], true),
        (["run", "demo", "x", "--timeout", "inf", "--max-redirects", "0"], true),
        (["run", "demo", "x", "--compressed"], true),
        (["run", "demo", "x", "--no-compressed", "--json"], true),
        (["run", "demo", "x", "--compressed", "--no-compressed"], false),
        (["run", "demo", "x", "--http2", "--proxy", "socks5h://127.0.0.1:1080", "--noproxy", "*"], true),
        (["run", "demo", "x", "--http1.1", "--cert", "c.pem", "--key", "k.pem", "--cacert", "ca.pem"], true),
        (["run", "demo", "x", "--http2-prior-knowledge", "--env-file", ".env"], true),
        (["run", "demo", "x", "--http1.1", "--http2"], false),
        (["list"], true),
        (["list", "demo"], true),
        (["list", "--profiles", "/p", "demo"], true),
        // Left to the parser: help, other spellings, values starting with '-', repeats, mistakes.
        (["run", "--help"], false),
        (["run", "-h"], false),
        (["run", "demo"], false),
        (["run", "demo", "x", "y"], false),
        (["run", "demo", "x", "--profiles=/p"], false),
        (["run", "demo", "x", "--timeout", "-1"], false),
        (["run", "demo", "x", "--timeout", "soon"], false),
        (["run", "demo", "x", "--max-redirects", "1.5"], false),
        (["run", "demo", "x", "-e", "a", "--env", "b"], false),
        (["run", "demo", "x", "--json", "--json"], false),
        (["run", "demo", "x", "--unknown"], false),
        (["run", "demo", "x", "-p"], false),
        (["run", "demo", "x", "--", "-y"], false),
        (["run", "help", "x"], false),
        (["list", "a", "b"], false),
        (["list", "--json"], true),
        (["list", "demo", "--json"], true),
        (["list", "--json=1"], false),
        (["--profiles", "/p", "run", "demo", "x"], false),
        (["check", "demo"], false),
        ([], false),
    ]

    @Test("every line the fast path reads gives the command swift-argument-parser gives; the others are left to it")
    func sameCommandsAsTheParser() throws {
        for (line, fast) in Self.lines {
            let read = FastArguments.parse(line)
            #expect((read != nil) == fast, "\(line)")
            guard let read else { continue }
            let parsed = try ApixCommand.parseAsRoot(line)
            switch read {
            case .run(let command):
                let expected = try #require(parsed as? RunCommand, "\(line)")
                #expect(Self.dump(command) == Self.dump(expected), "\(line)")
            case .list(let command):
                let expected = try #require(parsed as? ListCommand, "\(line)")
                #expect(Self.dump(command) == Self.dump(expected), "\(line)")
            }
        }
    }

    /// The options a command's help lists (`-x`, `--long`), help itself aside.
    static func helpOptions(_ help: String) -> Set<String> {
        var names: Set<String> = []
        for word in help.split(whereSeparator: { " ,<>\n[]()/|".contains($0) }) {
            guard word.hasPrefix("-"), word.count > 1, word.dropFirst().first?.isLetter == true || word.hasPrefix("--")
            else { continue }
            names.insert(String(word))
        }
        return names.subtracting(["-h", "--help"])
    }

    @Test("every option that run and list declare is known to the fast path, and nothing else")
    func everyOptionKnown() {
        let run = Self.helpOptions(RunCommand.helpMessage(columns: 400))
        #expect(run == Set(FastArguments.runOptions.keys).union(FastArguments.runFlags))
        let list = Self.helpOptions(ListCommand.helpMessage(columns: 400))
        #expect(list == Set(FastArguments.listOptions.keys).union(FastArguments.listFlags))
        // Every stored property is filled: a command whose property is left unset dumps as a parser definition.
        let command = FastArguments.run(["demo", "x"])
        #expect(command.map(Self.dump)?.contains("definition") == false)
    }
}
