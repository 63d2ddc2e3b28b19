import ArgumentParser
import ExplorerCore
import Foundation

/// The per-request edits a command accepts on top of an endpoint: environment, params, query, headers,
/// variables and body (the same spelling as `apix run`).
struct RequestOptions: ParsableArguments {
    @Option(
        name: [.customShort("e"), .customLong("env")], help: "Environment (default: the profile's).",
        completion: Completions.environment)
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
    @Flag(help: "HTTP version to ask for (default: the profile's `http_version:`, else HTTP/2 over TLS when offered).")
    var httpVersion: HTTPVersionFlag?
    @Option(help: ArgumentHelp("Send through this proxy (none: no proxy at all).", valueName: "URL|none"))
    var proxy: String?
    @Option(help: ArgumentHelp("Hosts reached without the proxy (comma-separated, * for all).", valueName: "LIST"))
    var noproxy: String?
    @Option(help: ArgumentHelp("Client certificate (PEM) for mutual TLS.", valueName: "FILE")) var cert: String?
    @Option(help: ArgumentHelp("The client certificate's key (PEM).", valueName: "FILE")) var key: String?
    @Option(help: ArgumentHelp("Trust this PEM bundle of CAs instead of the system's.", valueName: "FILE"))
    var cacert: String?
    @Option(help: ArgumentHelp("Read KEY=value lines as secret variables.", valueName: "FILE")) var envFile: String?

    /// The profile `id` with `--env-file`'s variables in it, as secrets over every other definition; they are
    /// there before the profile's variables are checked, so a name only the file defines may be used, as may a name
    /// only `--var` gives a value to.
    func profile(_ id: String, from options: ProfileOptions) throws -> Profile {
        let given = Set(variables.compactMap { $0.split(separator: "=", maxSplits: 1).first.map(String.init) })
        guard let envFile else { return try options.profile(id, given: given) }
        switch DotEnv.load(envFile, relativeTo: FileManager.default.currentDirectoryPath) {
        case .success(let entries):
            return try options.profile(id, addingSecrets: entries, given: given)
        case .failure(let problem):
            throw CLIFailure(.usage, "--env-file: \(problem.message)")
        }
    }

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
        overrides.httpVersion = httpVersion?.choice
        if let proxy {
            guard proxy == "none" || ProxyRoute.accepts(proxy) else {
                throw CLIFailure(
                    .usage, "--proxy expects an http, https, socks5 or socks5h URL, or none, got '\(proxy)'")
            }
            overrides.proxy = proxy
        }
        overrides.noProxy = noproxy
        let directory = FileManager.default.currentDirectoryPath
        func absolute(_ path: String?) -> String? {
            path.map { $0.hasPrefix("/") ? $0 : (directory as NSString).appendingPathComponent($0) }
        }
        overrides.certFile = absolute(cert)
        overrides.keyFile = absolute(key)
        overrides.caFile = absolute(cacert)
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

/// `--http1.1`, `--http2`, `--http2-prior-knowledge`: one at most.
enum HTTPVersionFlag: String, EnumerableFlag {
    case http1, http2, http2PriorKnowledge

    static func name(for value: HTTPVersionFlag) -> NameSpecification {
        switch value {
        case .http1: .customLong("http1.1")
        case .http2: .customLong("http2")
        case .http2PriorKnowledge: .customLong("http2-prior-knowledge")
        }
    }

    static func help(for value: HTTPVersionFlag) -> ArgumentHelp? {
        switch value {
        case .http1: "Ask for HTTP/1.1 only."
        case .http2: "Ask for HTTP/2 (over TLS by ALPN; an h2c upgrade in clear text)."
        case .http2PriorKnowledge: "Speak HTTP/2 from the first byte (h2c without upgrade)."
        }
    }

    var choice: HTTPVersionChoice {
        switch self {
        case .http1: .http1
        case .http2: .http2
        case .http2PriorKnowledge: .http2PriorKnowledge
        }
    }
}
