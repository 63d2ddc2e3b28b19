import ArgumentParser
import DemoAPI
import ExplorerCore
import Foundation

/// `apix demo`: starts the bundled demo API on 127.0.0.1 and opens the terminal UI on `profiles/demo.yaml`, with the
/// profile's `{{port}}` set to the port the server got. `--serve` only serves.
struct DemoCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo", abstract: "Start the bundled demo API and explore it.")

    @Option(help: "Port for the demo API (0: any free port; default 8080, or any free one if it is taken).")
    var port: Int?
    @Flag(help: "Only serve the demo API until interrupted.") var serve = false
    @Option(help: "Access token lifetime of the demo OAuth server, in seconds.") var tokenLifetime: Int = 30
    @OptionGroup var profileOptions: ProfileOptions

    func run() async throws {
        let server = try await startServer()
        // A new demo server knows none of the tokens an earlier one issued: forget them rather than send them.
        try? AuthSessions.shared.store.removeAll(profile: "demo")
        if serve {
            StandardError.writeLine("apix demo API on \(server.baseURL) (Ctrl-C to stop)")
            while !Task.isCancelled { try await Task.sleep(for: .seconds(3600)) }
            return
        }
        let catalog = profileOptions.catalog()
        guard catalog.profile("demo") != nil || catalog.failedFiles.contains(where: { $0.hasSuffix("/demo.yaml") })
        else {
            await server.shutdown()
            throw CLIFailure(
                .profile, "no demo profile in \(profileOptions.directory): run apix demo from the apix checkout, or "
                    + "pass --profiles DIR")
        }
        do {
            // The demo profile's base URL uses {{port}}: point it at the port the server really got.
            try await ApixCommand.openTUI(
                catalog: catalog, directory: profileOptions.directory, variables: ["port": String(server.port)],
                selecting: "demo")
        } catch {
            await server.shutdown()
            throw error
        }
        await server.shutdown()
    }

    private func startServer() async throws -> RunningDemoServer {
        let lifetime = Duration.seconds(tokenLifetime)
        let stateDirectory = StateDirectory.path()
        let log = (stateDirectory as NSString).appendingPathComponent("demo-server.log")
        try? FileManager.default.createDirectory(atPath: stateDirectory, withIntermediateDirectories: true)
        func start(_ port: Int) async throws -> RunningDemoServer {
            try await DemoServer(
                configuration: .init(port: port, accessTokenLifetime: lifetime, logFile: log)
            ).start()
        }
        if let port { return try await start(port) }
        do {
            return try await start(8080)
        } catch {
            return try await start(0)  // 8080 is taken: any free port will do
        }
    }
}
