import ArgumentParser
import ExplorerCore
import Foundation
import TUI

/// `apix`: the root command. With no subcommand it opens the TUI on the profiles found on the search path.
struct ApixCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "apix",
        abstract: "Explore HTTP APIs from saved profiles: a terminal UI and a scriptable CLI.",
        version: Apix.version,
        subcommands: [
            RunCommand.self, ListCommand.self, DemoCommand.self, AuthCommand.self, CheckCommand.self,
            ImportCommand.self, ExportCommand.self, SaveLoopCommand.self,
        ]
    )

    @OptionGroup var profiles: ProfileOptions

    func run() async throws {
        let directory = profiles.directory
        try await Self.openTUI(catalog: profiles.catalog(), directory: directory)
    }

    /// Opens the terminal UI, turning "no terminal" into a usage error.
    @MainActor
    static func openTUI(
        catalog: ProfileCatalog, directory: String, variables: [String: String] = [:], selecting: String? = nil
    ) async throws {
        do {
            try await TUIApp.run(
                catalog: catalog, directory: directory, variables: variables, selecting: selecting,
                auth: CoreAuthProvider(catalog: catalog, variables: variables), saver: CoreProfileSaver())
        } catch let error as TUIApp.StartError {
            throw CLIFailure(.usage, error.description)
        }
    }
}

/// Entry point used by the `apix` executable: parses, runs, and maps every failure to its exit status.
public enum ApixCLI {
    public static func main(arguments: [String] = Array(CommandLine.arguments.dropFirst())) async -> Int32 {
        do {
            var command = try ApixCommand.parseAsRoot(arguments)
            if var asyncCommand = command as? AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
            return 0
        } catch let failure as CLIFailure {
            StandardError.writeLine("apix: \(failure.message)")
            return failure.code
        } catch let exit as ExitCode {
            return exit.rawValue
        } catch {
            let code = ApixCommand.exitCode(for: error)
            let message = ApixCommand.fullMessage(for: error)
            if code == .success {
                print(message)
                return 0
            }
            StandardError.writeLine(message)
            return code == .validationFailure ? CLIFailure.Status.usage.rawValue : code.rawValue
        }
    }
}

/// Unbuffered writes to stderr.
enum StandardError {
    static func write(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }

    static func writeLine(_ text: String) {
        write(text + "\n")
    }

    static var isTerminal: Bool { isatty(2) == 1 }
}

/// Writes to stdout without going through `print`'s line buffering for large bodies.
enum StandardOutput {
    static func write(_ data: Data) {
        FileHandle.standardOutput.write(data)
    }

    static func write(_ text: String) {
        write(Data(text.utf8))
    }

    static var isTerminal: Bool { isatty(1) == 1 }

    /// Copies a file to stdout in chunks (flat memory for any size).
    static func copy(file path: String) throws {
        let handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: path))
        defer { try? handle.close() }
        while let chunk = try handle.read(upToCount: 1 << 20), !chunk.isEmpty {
            write(chunk)
        }
    }
}
