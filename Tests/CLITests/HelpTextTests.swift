import ArgumentParser
import Testing

@testable import CLI

/// `--help` of every command, as the parser writes it.
@Suite("apix help texts")
struct HelpTextTests {
    /// Every command under `command`, itself first.
    static func commands(_ command: any ParsableCommand.Type) -> [any ParsableCommand.Type] {
        [command] + command.configuration.subcommands.flatMap { commands($0) }
    }

    @Test("no option says its default twice: the parser adds `(default: …)` to an option with a default value")
    func defaultsOnce() throws {
        // Our "(default …)", then the parser's "(default: …)" within the same option's help (before the next `--`).
        let twice = try Regex(#"\(default [^()]*\)(?:(?!--)[^()]){0,200}\(default: "#)
        let all = Self.commands(ApixCommand.self)
        #expect(all.count > 30)
        for command in all {
            // The help as one line (the parser wraps it to the terminal's width).
            let help = command.helpMessage(columns: 10_000).split(whereSeparator: \.isWhitespace).joined(separator: " ")
            // `apix test --parallel` said "At most N requests in flight (default 1). (default: 1)".
            #expect(
                help.firstMatch(of: twice) == nil,
                "\(command.configuration.commandName ?? "?"): \(help)")
        }
    }
}
