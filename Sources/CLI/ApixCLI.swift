import ArgumentParser
import ExplorerCore
import Foundation

/// Entry point used by the `apix` executable: parses, runs, and maps every failure to its exit status.
public enum ApixCLI {
    /// `handsHistoryOver`: `apix run` hands its history entry to a writer of its own (`HistoryHandOver`); only the
    /// `apix` program itself can start that writer.
    public static func main(
        arguments: [String] = Array(CommandLine.arguments.dropFirst()), handsHistoryOver: Bool = false
    ) async -> Int32 {
        HistoryHandOver.isEnabled.store(handsHistoryOver, ordering: .relaxed)
        if handsHistoryOver { preloadsCurl(arguments) }
        // The caller may `exit` once this returns (`preloadsCurl`).
        defer { CurlLibrary.waitForPreload() }
        if FishCompletionScript.isRequested(arguments) {
            print(FishCompletionScript.script, terminator: "")
            return 0
        }
        do {
            // `run` and `list` in their plain spellings skip the parser's reflection (`FastArguments`).
            switch FastArguments.parse(arguments) {
            case .run(var command):
                try command.validate()
                try await command.run()
            case .list(var command):
                try command.validate()
                try await command.run()
            case nil:
                var command = try ApixCommand.parseAsRoot(arguments)
                if var asyncCommand = command as? AsyncParsableCommand {
                    try await asyncCommand.run()
                } else {
                    try command.run()
                }
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

    /// Starts loading libcurl in the background for the commands that send (`CurlLibrary.preload`), when `main`
    /// starts in the `apix` program, so the load overlaps the parsing, the profile's reading and the request's
    /// building. Not earlier: `dlopen` holds the lock that every new thread takes for its thread-local storage
    /// (`_dl_allocate_tls_init`), and the async runtime starts its first threads before `main` runs, so a load begun
    /// in `main.swift` held the whole start back. `main` waits for the load before it returns.
    static func preloadsCurl(_ arguments: some Collection<String>) {
        guard let command = arguments.first, ["run", "test", "replay"].contains(command) else { return }
        CurlLibrary.preload()
    }

    /// Runs the history writer `apix run` starts (`apix _history-import DIR`, `HistoryHandOver`) before the async
    /// runtime and the parser start. False for any other arguments.
    public static func recordedHandedOverHistory(_ arguments: some Collection<String>) -> Bool {
        guard arguments.count == 2, arguments.first == HistoryHandOver.command,
            let directory = arguments.dropFirst().first
        else {
            return false
        }
        HistoryHandOver.importPending(directory: directory)
        return true
    }

    /// Answers `apix --version` as ArgumentParser would, without starting it: `main.swift` calls this before the
    /// async runtime and the parser's reflection start (about 3 ms each here), so the answer shows the process's
    /// start-up floor, which is how scripts and the benchmarks use it. False for any other arguments.
    public static func answeredVersion(_ arguments: some Collection<String>) -> Bool {
        guard arguments.count == 1, arguments.first == "--version" else { return false }
        StandardOutput.write(Apix.versionLine + "\n")
        return true
    }

    /// Answers a shell's completion request (`apix ---completion …`, from the scripts that
    /// `--generate-completion-script` writes) before the async runtime starts: a Tab press waits for it. The closures
    /// of `Completions` run inside the parse. Nil for any other arguments, else the exit status.
    public static func completionStatus(_ arguments: some Collection<String>) -> Int32? {
        guard arguments.first == "---completion" else { return nil }
        do {
            _ = try ApixCommand.parseAsRoot(Array(arguments))
            return 0
        } catch {
            let code = ApixCommand.exitCode(for: error)
            let message = ApixCommand.fullMessage(for: error)
            if code == .success {
                StandardOutput.write(message + "\n")
            } else {
                StandardError.writeLine(message)
            }
            return code.rawValue
        }
    }
}
