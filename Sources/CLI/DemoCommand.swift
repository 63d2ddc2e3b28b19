import ArgumentParser
import ExplorerCore
import Foundation

/// `apix demo`: starts the bundled demo API on 127.0.0.1 and opens the terminal UI on the demo profile (the profile
/// directory's `demo.yaml`, else the one built into apix, written out on first use: `DemoProfileSetup`), with the
/// profile's `{{port}}` set to the port the server got. `--serve` only serves.
///
/// The server is the sibling program `apix-demo` (`SiblingExecutable`), so `apix` links no server stack: with
/// `--serve` this process becomes it; otherwise it runs as a child (`DemoServerChild`) for as long as the UI.
struct DemoCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo", abstract: "Start the bundled demo API and explore it.")

    @Option(help: "Port for the demo API (0: any free port; default 8080, or any free one if it is taken).")
    var port: Int?
    @Flag(help: "Only serve the demo API until interrupted.") var serve = false
    @Option(help: "Access token lifetime of the demo OAuth server, in seconds.") var tokenLifetime: Int = 30
    @OptionGroup var profileOptions: ProfileOptions

    func run() async throws {
        let stateDirectory = StateDirectory.path()
        let log = (stateDirectory as NSString).appendingPathComponent("demo-server.log")
        if let warning = StateDirectory.prepare(stateDirectory) { StandardError.writeLine("apix: warning: \(warning)") }
        // A new demo server knows none of the tokens an earlier one issued: forget them rather than send them.
        try? AuthSessions.shared.store.removeAll(profile: "demo")
        var arguments = ["--token-lifetime", String(tokenLifetime), "--log", log]
        if let port { arguments += ["--port", String(port)] }
        if serve { try SiblingExecutable.exec("apix-demo", arguments: arguments) }

        let (directory, wrote) = try DemoProfileSetup.directory(explicit: profileOptions.profiles)
        if let wrote { StandardError.writeLine("apix: wrote the demo profile to \(wrote)") }
        let catalog = ProfileLoader.load(directory: directory)
        guard catalog.profile("demo") != nil || catalog.failedFiles.contains(where: { $0.hasSuffix("/demo.yaml") })
        else {
            throw CLIFailure(
                .profile, "no demo profile in \(directory): leave out --profiles to use the one built into apix")
        }
        let server = try DemoServerChild(arguments: arguments, log: log)
        defer { server.stop() }
        // The demo profile's base URL uses {{port}}: point it at the port the server really got.
        try await ApixCommand.openTUI(
            catalog: catalog, directory: directory, variables: ["port": String(server.port)],
            selecting: "demo")
    }
}
