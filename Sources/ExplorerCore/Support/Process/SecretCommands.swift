import Synchronization

/// The values of variables written `{ command: […] }`, each command run once per process (the explorer forgets them
/// when it reloads a profile, `forget()`). Successes and failures are both kept: a failing password manager is not
/// asked again on every load. Values live only here and in the loaded profile (`Profile.commandValues`): never in a
/// file.
package final class SecretCommands: Sendable {
    /// This process's commands, with the 10 s limit.
    package static let shared = SecretCommands()

    private let runner: SecretCommandRunner
    /// Held while a command runs, so that two loads needing the same command wait for one run.
    private let results = Mutex<[[String]: Result<String, SecretCommandFailure>]>([:])

    package init(runner: SecretCommandRunner = SecretCommandRunner()) {
        self.runner = runner
    }

    /// The value `arguments` gives: run now the first time, remembered after.
    package func value(for arguments: [String]) -> Result<String, SecretCommandFailure> {
        results.withLock { table in
            if let known = table[arguments] { return known }
            let result = runner.run(arguments)
            table[arguments] = result
            return result
        }
    }

    /// Forgets every value and failure: the next load runs the commands again.
    package func forget() {
        results.withLock { $0.removeAll() }
    }
}
