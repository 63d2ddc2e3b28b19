import ArgumentParser
import ExplorerCore
import Foundation

/// `apix cookies PROFILE [-e ENV] [--clear]`: lists (values masked) or empties the cookie jar of a profile and
/// environment.
struct CookiesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cookies", abstract: "List or clear the cookie jar of a profile and environment.")

    @Argument(help: "Profile id.", completion: Completions.profile) var profile: String
    @Option(
        name: [.customShort("e"), .customLong("env")], help: "Environment (default: the profile's).",
        completion: Completions.environment)
    var environment: String?
    @Flag(help: "Empty the jar.") var clear = false
    @Flag(help: "Show the cookies' values.") var reveal = false
    @OptionGroup var profileOptions: ProfileOptions

    func run() async throws {
        let loaded = try profileOptions.profile(profile)
        let environmentName: String
        do throws(RequestBuildError) {
            environmentName = try loaded.environment(environment).name
        } catch {
            throw CLIFailure(.usage, error.message)
        }
        let jar = CookieJar(profile: loaded.id, environment: environmentName)
        if clear {
            do {
                try jar.clear()
            } catch {
                throw CLIFailure(.chain, "cannot clear \(jar.path): \(error)", kind: "io")
            }
            StandardError.writeLine("apix: cookies of \(loaded.id) (\(environmentName)) cleared")
            return
        }
        let cookies = jar.cookies()
        guard !cookies.isEmpty else {
            StandardError.writeLine("apix: no cookies for \(loaded.id) (\(environmentName))")
            return
        }
        let now = Date()
        let rows =
            [CookieJar.Cookie.columnTitles]
            + cookies.map { $0.columns(revealed: reveal, now: now).map { SafeText.escape($0) } }
        var widths = [Int](repeating: 0, count: 5)
        for row in rows { for (index, column) in row.enumerated() { widths[index] = max(widths[index], column.count) } }
        for row in rows {
            let line = row.enumerated().map { index, column in
                index == row.count - 1 ? column : column.padding(toLength: widths[index], withPad: " ", startingAt: 0)
            }
            StandardOutput.write(line.joined(separator: "  ") + "\n")
        }
    }
}
