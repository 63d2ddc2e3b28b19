import ExplorerCore
import Foundation

/// `apix-bench`: measures apix against curl (and against itself) on loopback and writes docs/BENCHMARKS.md.
///
/// Run it in release mode: `make bench` (`make release`'s build, then `.build/release/apix-bench`, the way the figures
/// in docs/BENCHMARKS.md were taken). `--quick` runs tiny sizes once, for the test suite's smoke check;
/// `--only transfers|requests|tui|startup|history|search|filter|import|schema|websocket|checks|load` runs one group of
/// cases (`import`: Stripe's OpenAPI document, `--stripe PATH`; `filter`: the list filter over 1,997 endpoints, in process, no server;
/// `schema`: validating a 5 MB answer against a list-of-objects schema, in process; `websocket`: `apix ws` echo
/// round trips against Python's `websockets` client and the peak RSS with a 64 MiB message; `checks`: `apix test`
/// on a 64 MiB JSON answer);
/// `--output PATH` chooses where the Markdown goes (`-` for none); by default docs/BENCHMARKS.md, but with `--only`
/// nowhere unless `--output` says (one group's rows would replace the whole run's in the file).
@main
struct BenchmarkMain {
    static func main() async {
        do {
            let arguments = Array(CommandLine.arguments.dropFirst())
            let options = try BenchmarkOptions(arguments: arguments)
            var context = BenchmarkContext(arguments: arguments)
            let suite = try BenchmarkSuite(options: options)
            context.linkage = suite.linkage()
            var report = try await suite.run()
            report.context = context
            print(report.table)
            if let output = options.output {
                let kept = BenchmarkReport.keptPart(of: output)
                // AtomicFile, not Foundation's atomic write: `--output /dev/null` must not rename a file over the
                // device (it did, run as root).
                try AtomicFile.write(report.markdown(keeping: kept), to: output)
                print("wrote \(output)")
            }
        } catch {
            FileHandle.standardError.write(Data("apix-bench: \(error)\n".utf8))
            exit(1)
        }
    }
}

struct BenchmarkOptions {
    /// Groups of cases. `startup` (only with `--only`) is the start-up rows of `requests` and `tui` alone;
    /// `search` (only with `--only`) the search rows of `tui` alone, `mouse` its mouse rows, `filter` the list
    /// filter's row alone, `benchview` the bench view's row alone (keys during a bench, `b`).
    enum Section: String, CaseIterable {
        case transfers, requests, tui, startup, history, search, mouse, filter, `import`, schema, websocket, checks
        case benchview
        /// `apix bench -c 32` against hey and wrk on nginx, and its peak RSS at 1,000,000 requests (`LoadBenchmark`).
        case load
        /// The GraphQL query editor on a 5,000-type schema (only with `--only`), in process.
        case graphql
    }

    var quick = false
    var sections: Set<Section> = [.transfers, .requests, .tui, .history, .import, .websocket, .checks, .load]
    /// The Stripe document for the import rows (default: `ImportBenchmarks.defaultDocument`).
    var stripe: String?
    var runs = 15
    var transferSize = 1 << 30
    var output: String? = "docs/BENCHMARKS.md"

    init(arguments: [String]) throws {
        var iterator = arguments.makeIterator()
        var only = false
        var outputGiven = false
        while let argument = iterator.next() {
            switch argument {
            case "--quick":
                quick = true
                runs = 1
                transferSize = 1 << 20
            case "--runs":
                guard let value = iterator.next().flatMap(Int.init), value > 0 else {
                    throw BenchmarkError("--runs needs a positive number")
                }
                runs = value
            case "--size-mib":
                guard let value = iterator.next().flatMap(Int.init), value > 0 else {
                    throw BenchmarkError("--size-mib needs a positive number")
                }
                transferSize = value << 20
            case "--output":
                guard let value = iterator.next() else { throw BenchmarkError("--output needs a path or -") }
                output = value == "-" ? nil : value
                outputGiven = true
            case "--stripe":
                guard let value = iterator.next() else { throw BenchmarkError("--stripe needs a path") }
                stripe = value
            case "--only":
                guard let value = iterator.next().flatMap(Section.init(rawValue:)) else {
                    throw BenchmarkError(
                        "--only needs one of: transfers, requests, tui, startup, history, search, mouse, filter, "
                            + "import, schema, websocket, checks, benchview, graphql, load")
                }
                sections = [value]
                only = true
            default:
                throw BenchmarkError(
                    "unknown argument \(argument) (use --quick, --runs N, --size-mib N, "
                        + "--only transfers|requests|tui|startup|history|search|mouse|filter|import|schema|"
                        + "websocket|checks|benchview|graphql|load, --stripe PATH, "
                        + "--output PATH|-)"
                )
            }
        }
        // The test suite's smoke run skips the import rows (a debug build imports Stripe's document slowly) and the
        // WebSocket and load rows (they need python3-websockets and the repository's peer script, hey and wrk).
        if quick, !only { sections.subtract([.import, .websocket, .load]) }
        if only, !outputGiven { output = nil }
    }
}
