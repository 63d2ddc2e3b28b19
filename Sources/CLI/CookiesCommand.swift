import ArgumentParser
import ExplorerCore
import Foundation

/// `apix cookies PROFILE [-e ENV] [--clear] [--delete NAME] [--json]`: lists (values masked), empties or prunes the
/// cookie jar of a profile and environment.
struct CookiesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cookies", abstract: "List or clear the cookie jar of a profile and environment.")

    @Argument(help: "Profile id.", completion: Completions.profile) var profile: String
    @Option(
        name: [.customShort("e"), .customLong("env")], help: "Environment (default: the profile's).",
        completion: Completions.environment)
    var environment: String?
    @Flag(help: "Empty the jar.") var clear = false
    @Option(help: "Delete the cookies of this name (every domain and path); repeatable.") var delete: [String] = []
    @Flag(help: "Show the cookies' values.") var reveal = false
    @Flag(help: "Print the cookies as JSON: name, domain, path, subdomains, secure, http_only, expires, value.")
    var json = false
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
        if !delete.isEmpty {
            try deleteCookies(named: delete, in: jar, label: "\(loaded.id) (\(environmentName))")
            return
        }
        let cookies = jar.cookies()
        if json {
            StandardOutput.write(Self.document(cookies, revealed: reveal).serialized() + "\n")
            return
        }
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

    /// Deletes every cookie of each name (through the process's libcurl share, as the explorer's `d`); a name the jar
    /// does not hold is an error (exit 2) after the others are deleted.
    private func deleteCookies(named names: [String], in jar: CookieJar, label: String) throws {
        let cookies = jar.cookies()
        var missing: [String] = []
        for name in names {
            let matching = cookies.filter { $0.name == name }
            if matching.isEmpty { missing.append(name) }
            var places = Set<String>()
            for cookie in matching where places.insert(cookie.domain + "\t" + cookie.path).inserted {
                do {
                    try jar.delete(cookie)
                } catch {
                    throw CLIFailure(.chain, "cannot write \(jar.path): \(error)", kind: "io")
                }
            }
            if !matching.isEmpty {
                StandardError.writeLine(
                    "apix: deleted \(Units.count(matching.count, "cookie")) named \(SafeText.escape(name)) from \(label)"
                )
            }
        }
        if !missing.isEmpty {
            throw CLIFailure(
                .usage,
                "no cookie named " + missing.map { "`\(SafeText.escape($0))`" }.joined(separator: ", ") + " in \(label)"
            )
        }
    }

    /// `{"cookies": [...]}`: each cookie's fields, its value masked unless `revealed`, `expires` an ISO 8601 date or
    /// null for a session cookie.
    static func document(_ cookies: [CookieJar.Cookie], revealed: Bool) -> JSONValue {
        .object([
            "cookies": .array(
                cookies.map { cookie in
                    .object([
                        "name": .string(cookie.name), "domain": .string(cookie.shownDomain),
                        "path": .string(cookie.path), "subdomains": .bool(cookie.includesSubdomains),
                        "secure": .bool(cookie.secure), "http_only": .bool(cookie.httpOnly),
                        "expires": cookie.expires == nil ? .null : .string(cookie.expiryText),
                        "value": .string(revealed ? cookie.value : VariableScope.mask),
                    ])
                })
        ])
    }
}
