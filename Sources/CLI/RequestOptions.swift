import ArgumentParser
import ExplorerCore
import Foundation

/// The per-request edits a command accepts on top of an endpoint: environment, params, query, headers,
/// variables and body (the same spelling as `apix run`).
struct RequestOptions: ParsableArguments {
    @Option(name: [.customShort("e"), .customLong("env")], help: "Environment (default: the profile's).")
    var environment: String?
    @Option(name: .customShort("p"), help: ArgumentHelp("Path parameter.", valueName: "name=value"))
    var params: [String] = []
    @Option(
        name: .customShort("q"), help: ArgumentHelp("Query item (repeat to repeat the key).", valueName: "name=value"))
    var query: [String] = []
    @Option(name: .customShort("H"), help: ArgumentHelp("Header; an empty value removes it.", valueName: "Name: value"))
    var headers: [String] = []
    @Option(name: .customLong("var"), help: ArgumentHelp("Variable for {{name}}.", valueName: "name=value"))
    var variables: [String] = []
    @Option(help: ArgumentHelp("Body text, or @FILE for a file.", valueName: "TEXT|@FILE")) var body: String?
    @Flag(
        inversion: .prefixedNo,
        help: "Ask for a compressed response and decode it (default: on, or the profile's `compressed:`).")
    var compressed: Bool?

    func overrides() throws -> RequestOverrides {
        var overrides = RequestOverrides()
        for item in params {
            let (name, value) = try Self.pair(item, flag: "-p")
            overrides.params[name] = value
        }
        for item in query { overrides.query.append(try Self.pair(item, flag: "-q")) }
        for item in variables {
            let (name, value) = try Self.pair(item, flag: "--var")
            overrides.variables[name] = value
        }
        for item in headers {
            guard let colon = item.firstIndex(of: ":"), colon != item.startIndex else {
                throw CLIFailure(.usage, "-H expects 'Name: value', got '\(item)'")
            }
            let value = item[item.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            overrides.headers.add(String(item[..<colon]).trimmingCharacters(in: .whitespaces), value)
        }
        overrides.compressed = compressed
        if let body {
            // `@FILE` from the working directory, `@@…` for text that starts with `@` (BodyFileReference).
            switch BodyFileReference(body) {
            case .file(let path):
                let home = ProcessInfo.processInfo.environment["HOME"] ?? NSHomeDirectory()
                let resolved = BodyFileReference.resolve(
                    path, base: FileManager.default.currentDirectoryPath, home: home)
                if let problem = BodyFileReference.problem(at: resolved) {
                    throw CLIFailure(.usage, "--body: \(problem)")
                }
                overrides.body = .file(resolved)
            case .text(let text):
                overrides.body = .text(text)
            }
        }
        return overrides
    }

    /// `name=value` → its parts; a usage error names the flag otherwise.
    static func pair(_ item: String, flag: String) throws -> (name: String, value: String) {
        guard let equals = item.firstIndex(of: "="), equals != item.startIndex else {
            throw CLIFailure(.usage, "\(flag) expects name=value, got '\(item)'")
        }
        return (String(item[..<equals]), String(item[item.index(after: equals)...]))
    }
}
