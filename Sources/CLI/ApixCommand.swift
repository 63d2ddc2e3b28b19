import ArgumentParser
import ExplorerCore
import Foundation
import TUI

/// `apix`: the root command. With no subcommand it opens the TUI on the profiles found on the search path.
struct ApixCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "apix",
        abstract: "Explore HTTP APIs from saved profiles: a terminal UI and a scriptable CLI.",
        version: Apix.versionLine,
        subcommands: [
            RunCommand.self, TestCommand.self, ListCommand.self, DemoCommand.self, AuthCommand.self, CheckCommand.self,
            ImportCommand.self, ExportCommand.self, HistoryCommand.self, ReplayCommand.self, DiffCommand.self,
            CookiesCommand.self, WebSocketCommand.self, BenchCommand.self, GraphQLCommand.self,
        ]
    )

    @OptionGroup var profiles: ProfileOptions

    func run() async throws {
        do {
            try await TUIApp.run(loadingProfilesIn: profiles.directory, graphQL: GraphQLExplorerChecker())
        } catch let error as TUIApp.StartError {
            throw CLIFailure(.usage, error.description)
        }
    }

    /// Opens the terminal UI, turning "no terminal" into a usage error.
    @MainActor
    static func openTUI(
        catalog: ProfileCatalog, directory: String, variables: [String: String] = [:], selecting: String? = nil
    ) async throws {
        do {
            try await TUIApp.run(
                catalog: catalog, directory: directory, variables: variables, selecting: selecting,
                graphQL: GraphQLExplorerChecker())
        } catch let error as TUIApp.StartError {
            throw CLIFailure(.usage, error.description)
        }
    }
}
