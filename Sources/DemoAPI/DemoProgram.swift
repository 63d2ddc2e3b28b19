import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// `apix-demo`: the demo API in a process of its own, so `apix` itself links no server stack. `apix demo --serve`
/// becomes this program (exec, same process); `apix demo` starts it as a child with `--announce`: the bound port
/// goes to stdout as one line `port N`, and the server stops when its stdin reaches end of file (the parent quit or
/// died). Not a user contract: `apix demo --help` documents the options.
///
/// A function of the library rather than the program's top-level code, so the packaged helper program
/// (`apix-helpers`, `make dist`) can be this program and `apix-openapi` in one binary.
public enum DemoProgram {
    /// Runs the demo API until the process is stopped; returns only the exit status of a failed start.
    public static func main(_ arguments: [String]) async -> Int32 {
        do {
            let options = try Options(arguments)
            let server = try await start(options)
            if options.announce {
                FileHandle.standardOutput.write(Data("port \(server.port)\n".utf8))
                exitWhenStdinCloses()
            } else {
                FileHandle.standardError.write(Data("apix demo API on \(server.baseURL) (Ctrl-C to stop)\n".utf8))
            }
            while !Task.isCancelled { try await Task.sleep(for: .seconds(3600)) }
            return 0
        } catch let usage as Usage {
            FileHandle.standardError.write(Data("apix demo: \(usage.message)\n".utf8))
            return 2
        } catch {
            FileHandle.standardError.write(Data("apix demo: \(error)\n".utf8))
            return 1
        }
    }

    /// Options as `apix demo` passes them.
    struct Options {
        var port: Int?
        var tokenLifetime = 30
        var logFile: String?
        var announce = false

        init(_ arguments: [String]) throws {
            var rest = arguments[...]
            func value(_ name: String) throws -> String {
                guard let next = rest.popFirst() else { throw Usage(message: "\(name) needs a value") }
                return next
            }
            while let argument = rest.popFirst() {
                switch argument {
                case "--port":
                    guard let port = Int(try value(argument)) else { throw Usage(message: "--port takes a number") }
                    self.port = port
                case "--token-lifetime":
                    guard let seconds = Int(try value(argument)) else {
                        throw Usage(message: "--token-lifetime takes a number of seconds")
                    }
                    tokenLifetime = seconds
                case "--log": logFile = try value(argument)
                case "--announce": announce = true
                default: throw Usage(message: "unknown option \(argument)")
                }
            }
        }
    }

    struct Usage: Error {
        var message: String
    }

    static func start(_ options: Options) async throws -> RunningDemoServer {
        func start(_ port: Int) async throws -> RunningDemoServer {
            try await DemoServer(
                configuration: .init(
                    port: port, accessTokenLifetime: .seconds(options.tokenLifetime), logFile: options.logFile)
            ).start()
        }
        if let port = options.port { return try await start(port) }
        do {
            return try await start(8080)
        } catch {
            return try await start(0)  // 8080 is taken: any free port will do
        }
    }

    /// Blocks a plain thread on stdin until end of file, then stops the process: the parent is gone.
    static func exitWhenStdinCloses() {
        let thread = Thread {
            var byte: UInt8 = 0
            while true {
                let count = read(STDIN_FILENO, &byte, 1)
                if count == 0 || (count < 0 && errno != EINTR) { exit(0) }
            }
        }
        thread.start()
    }
}
