import ArgumentParser
import ExplorerCore
import Foundation

/// `apix list [PROFILE]`: the profiles on the search path, or one profile's endpoints.
struct ListCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "List profiles or endpoints.")

    @Argument(help: "A profile id: list its endpoints.", completion: Completions.profile) var profile: String?
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
        var catalog = profileOptions.catalog()
        if catalog.profile(StateDirectory.scratchProfileID) == nil {
            do {
                if let scratch = try profileOptions.scratch() {
                    catalog.profiles.insert(
                        scratch, at: catalog.profiles.firstIndex { $0.id > scratch.id } ?? catalog.profiles.endIndex)
                }
            } catch let failure as CLIFailure {
                StandardError.writeLine("apix: \(failure.message)")
            } catch {}
        }
        if catalog.profiles.isEmpty && catalog.failedFiles.isEmpty {
            // Still exit 0: an empty list is an answer, but say where apix looked and how to begin.
            for line in ProfileCatalog.emptyExplanation(directory: profileOptions.directory) {
                StandardError.writeLine("apix: \(line)")
            }
            return
        }
        let width = catalog.profiles.map(\.id.count).max() ?? 0
        for loaded in catalog.profiles {
            let id = loaded.id.padding(toLength: width, withPad: " ", startingAt: 0)
            print("\(id)  \(Units.count(loaded.endpoints.count, "endpoint"))  \(loaded.name)")
        }
        if !catalog.failedFiles.isEmpty {
            StandardError.writeLine("apix: \(catalog.problemSummary); see `apix check`:")
            for problem in catalog.problems { StandardError.writeLine("  \(problem)") }
        }
    }
}
