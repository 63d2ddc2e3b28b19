import ArgumentParser
import ExplorerCore
import Foundation

/// `apix _save-loop`: hidden, for the crash-safety test. Saves two versions of one endpoint alternately
/// (different sizes, so a torn write would show) and prints `saved N` after each, until killed or `--count`.
struct SaveLoopCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "_save-loop", abstract: "Save an endpoint repeatedly (crash-safety tests).", shouldDisplay: false)

    @Argument var profile: String
    @Argument var endpoint: String
    @Option var count: Int = .max
    @OptionGroup var profileOptions: ProfileOptions

    func run() async throws {
        let loaded = try profileOptions.profile(profile)
        guard let original = loaded.endpoint(endpoint) else { throw CLIFailure(.usage, "no endpoint \(endpoint)") }
        var saved = 0
        while saved < count {
            var edited = original
            edited.description = saved % 2 == 0 ? "version A" : "version B"
            edited.query =
                saved % 2 == 0
                ? [Parameter("v", "a")]
                : (0..<40).map { Parameter("b\($0)", Template(String(repeating: "x", count: 50))) }
            do {
                try ProfileWriter.save(endpoint: edited, in: loaded)
            } catch {
                throw CLIFailure(.profile, error.message)
            }
            saved += 1
            StandardOutput.write("saved \(saved)\n")
        }
    }
}
