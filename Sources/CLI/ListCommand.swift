import ArgumentParser
import ExplorerCore
import Foundation

/// `apix list [PROFILE]`: the profiles on the search path, or one profile's endpoints.
struct ListCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "List profiles or endpoints.")

    @Argument(help: "A profile id: list its endpoints.") var profile: String?
    @OptionGroup var profileOptions: ProfileOptions

    func run() async throws {
        if let profile {
            let loaded = try profileOptions.profile(profile)
            let width = loaded.endpoints.map(\.id.count).max() ?? 0
            for endpoint in loaded.endpoints {
                let method = endpoint.method.rawValue.padding(toLength: 7, withPad: " ", startingAt: 0)
                let id = endpoint.id.padding(toLength: width, withPad: " ", startingAt: 0)
                let folder = endpoint.folder.map { "[\($0)] " } ?? ""
                print(
                    "\(id)  \(method) \(endpoint.path.raw)  \(folder)\(endpoint.name == endpoint.id ? "" : endpoint.name)"
                )
            }
            return
        }
        let catalog = profileOptions.catalog()
        let width = catalog.profiles.map(\.id.count).max() ?? 0
        for loaded in catalog.profiles {
            let id = loaded.id.padding(toLength: width, withPad: " ", startingAt: 0)
            print("\(id)  \(loaded.endpoints.count) endpoints  \(loaded.name)")
        }
        if !catalog.failedFiles.isEmpty {
            let count = catalog.failedFiles.count
            StandardError.writeLine(
                "apix: \(count) profile file\(count == 1 ? "" : "s") failed to load (see `apix check`):")
            for problem in catalog.problems { StandardError.writeLine("  \(problem)") }
        }
    }
}
