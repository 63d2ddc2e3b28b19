import ArgumentParser
import ExplorerCore
import Foundation

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
