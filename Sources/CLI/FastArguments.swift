import ArgumentParser

/// `apix run` and `apix list` read without swift-argument-parser, for the plain spellings their help shows.
///
/// swift-argument-parser models every command by reflection (a `Mirror` of each command and option group, and
/// conformance lookups that scan the binary's conformance records) before it reads a single argument: about 3 ms of
/// every start, against curl's whole small GET of about 9 ms. This reads `--flag`, `--option VALUE`, `-x VALUE` and the
/// positional arguments of the two commands, and fills the same command values the parser would. Anything else
/// (help, `--option=value`, a value starting with `-`, a repeated single option, an unknown flag, a wrong count of
/// arguments, a number that does not parse) is nil, and swift-argument-parser reads the line: its messages and exit
/// codes stay its own. `FastArgumentsTests` runs a table of command lines through both and checks that every
/// option of the two commands is known here, so a new flag cannot be missed silently.
enum FastArguments {
    enum Command {
        case run(RunCommand)
        case list(ListCommand)
    }

    /// `RunCommand`'s options taking a value, by every spelling, to the name they are kept under.
    static let runOptions = [
        "-e": "--env", "--env": "--env", "-p": "-p", "-q": "-q", "-H": "-H", "--var": "--var", "--body": "--body",
        "-o": "--output", "--output": "--output", "--max-redirects": "--max-redirects", "--timeout": "--timeout",
        "--priority": "--priority", "--profiles": "--profiles", "--proxy": "--proxy", "--noproxy": "--noproxy",
        "--cert": "--cert", "--key": "--key", "--cacert": "--cacert", "--env-file": "--env-file",
        "--max-body": "--max-body", "--max-body-ratio": "--max-body-ratio", "--max-events": "--max-events",
        "--events-file": "--events-file",
    ]
    /// The options that may be repeated (arrays).
    static let repeatable: Set = ["-p", "-q", "-H", "--var"]
    static let runFlags: Set = [
        "--timings", "--json", "--fail", "--no-follow", "--insecure", "--reveal", "--cached", "--no-cache",
        "--compressed", "--no-compressed", "--no-history", "--strict-schema", "--http1.1", "--http2",
        "--http2-prior-knowledge", "--no-validate",
    ]
    static let listOptions = ["--profiles": "--profiles"]
    /// `ListCommand`'s flags.
    static let listFlags: Set = ["--json"]

    static func parse(_ arguments: [String]) -> Command? {
        switch arguments.first {
        case "run":
            return run(arguments.dropFirst()).map(Command.run)
        case "list":
            return list(arguments.dropFirst()).map(Command.list)
        default:
            return nil
        }
    }

    static func run(_ arguments: ArraySlice<String>) -> RunCommand? {
        guard let line = Line(arguments, options: runOptions, flags: runFlags), line.positionals.count == 2 else {
            return nil
        }
        var command = RunCommand()
        command.profile = line.positionals[0]
        command.endpoint = line.positionals[1]
        var request = RequestOptions()
        request.environment = line.value("--env")
        request.params = line.values["-p"] ?? []
        request.query = line.values["-q"] ?? []
        request.headers = line.values["-H"] ?? []
        request.variables = line.values["--var"] ?? []
        request.body = line.value("--body")
        // Both spellings at once: the parser's rule (the last wins) is its own to apply.
        let compressed = line.flags.contains("--compressed")
        let uncompressed = line.flags.contains("--no-compressed")
        if compressed && uncompressed { return nil }
        request.compressed = compressed ? true : uncompressed ? false : nil
        let versions: [(String, HTTPVersionFlag)] = [
            ("--http1.1", .http1), ("--http2", .http2), ("--http2-prior-knowledge", .http2PriorKnowledge),
        ]
        let chosen = versions.filter { line.flags.contains($0.0) }
        // Two versions at once is the parser's error to word.
        guard chosen.count <= 1 else { return nil }
        request.httpVersion = chosen.first?.1
        request.proxy = line.value("--proxy")
        request.noproxy = line.value("--noproxy")
        request.cert = line.value("--cert")
        request.key = line.value("--key")
        request.cacert = line.value("--cacert")
        request.envFile = line.value("--env-file")
        command.requestOptions = request
        command.output = line.value("--output")
        command.timings = line.flags.contains("--timings")
        command.json = line.flags.contains("--json")
        command.fail = line.flags.contains("--fail")
        command.noFollow = line.flags.contains("--no-follow")
        // As the parser reads them (`Int(_:)`, `Double(_:)`); what does not parse is its error to word.
        if let text = line.value("--max-redirects") {
            guard let value = Int(text) else { return nil }
            command.maxRedirects = value
        } else {
            command.maxRedirects = nil
        }
        if let text = line.value("--timeout") {
            guard let value = Double(text) else { return nil }
            command.timeout = value
        } else {
            command.timeout = nil
        }
        command.maxBody = line.value("--max-body")
        if let text = line.value("--max-body-ratio") {
            guard let value = Int(text) else { return nil }
            command.maxBodyRatio = value
        } else {
            command.maxBodyRatio = nil
        }
        if let text = line.value("--max-events") {
            guard let value = Int(text) else { return nil }
            command.maxEvents = value
        } else {
            command.maxEvents = nil
        }
        command.eventsFile = line.value("--events-file")
        command.insecure = line.flags.contains("--insecure")
        command.reveal = line.flags.contains("--reveal")
        command.cached = line.flags.contains("--cached")
        command.noCache = line.flags.contains("--no-cache")
        command.noHistory = line.flags.contains("--no-history")
        command.strictSchema = line.flags.contains("--strict-schema")
        command.noValidate = line.flags.contains("--no-validate")
        command.priority = line.value("--priority")
        command.profileOptions = profileOptions(line)
        return command
    }

    static func list(_ arguments: ArraySlice<String>) -> ListCommand? {
        guard let line = Line(arguments, options: listOptions, flags: listFlags), line.positionals.count <= 1 else {
            return nil
        }
        var command = ListCommand()
        command.profile = line.positionals.first
        command.json = line.flags.contains("--json")
        command.profileOptions = profileOptions(line)
        return command
    }

    private static func profileOptions(_ line: Line) -> ProfileOptions {
        var options = ProfileOptions()
        options.profiles = line.value("--profiles")
        return options
    }

    /// A command line split into options (by the name they are kept under), flags and positional arguments; nil
    /// for anything but the plain spellings.
    private struct Line {
        var values: [String: [String]] = [:]
        var flags: Set<String> = []
        var positionals: [String] = []

        init?(_ arguments: ArraySlice<String>, options: [String: String], flags known: Set<String>) {
            var iterator = arguments.makeIterator()
            while let argument = iterator.next() {
                guard argument.hasPrefix("-") else {
                    // `help` is the parser's word in some positions; leave it the whole line.
                    guard argument != "help" else { return nil }
                    positionals.append(argument)
                    continue
                }
                if let name = options[argument] {
                    guard let value = iterator.next(), !value.hasPrefix("-") else { return nil }
                    guard values[name] == nil || FastArguments.repeatable.contains(name) else { return nil }
                    values[name, default: []].append(value)
                } else if known.contains(argument), flags.insert(argument).inserted {
                    continue
                } else {
                    return nil
                }
            }
        }

        func value(_ name: String) -> String? {
            values[name]?.last
        }
    }
}
