import ArgumentParser
import ExplorerCore
import Foundation

/// `apix list [PROFILE] [--json]`: the profiles on the search path, or one profile's endpoints.
struct ListCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "List profiles or endpoints.")

    @Argument(help: "A profile id: list its endpoints.", completion: Completions.profile) var profile: String?
    @Flag(
        help: "Print JSON: each profile's id, name, file, environments and endpoint count, or each endpoint's fields.")
    var json = false
    @OptionGroup var profileOptions: ProfileOptions

    func run() async throws {
        if let profile {
            let loaded = try profileOptions.profile(profile)
            if json {
                StandardOutput.write(Self.endpointsDocument(loaded).serialized() + "\n")
                return
            }
            for line in Self.endpointLines(loaded) { print(line) }
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
        if json {
            // Broken profiles are named on stderr, as without --json; the list holds those that load.
            StandardOutput.write(Self.profilesDocument(catalog.profiles).serialized() + "\n")
            if !catalog.failedFiles.isEmpty {
                StandardError.writeLine("apix: \(catalog.problemSummary); see `apix check`")
            }
            return
        }
        if catalog.profiles.isEmpty && catalog.failedFiles.isEmpty {
            // Still exit 0: an empty list is an answer, but say where apix looked and how to begin.
            let nearby = NearbyFiles.find(
                in: FileManager.default.currentDirectoryPath, searched: profileOptions.directory)
            for line in ProfileCatalog.emptyExplanation(
                directory: profileOptions.directory, nearby: nearby, flag: "--profiles .")
            {
                StandardError.writeLine("apix: \(line)")
            }
            return
        }
        for line in Self.profileLines(catalog.profiles) { print(line) }
        if !catalog.failedFiles.isEmpty {
            StandardError.writeLine("apix: \(catalog.problemSummary); see `apix check`:")
            for problem in catalog.problems { StandardError.writeLine("  \(problem)") }
        }
    }

    /// The profiles, one a line: id, endpoint count, name, in columns.
    static func profileLines(_ profiles: [Profile]) -> [String] {
        let ids = profiles.map { SafeText.escape($0.id) }
        // "12 endpoints" as a number right-aligned and a word left-aligned, so the names after them line up.
        let counts = profiles.map {
            Units.count($0.endpoints.count, "endpoint").split(separator: " ", maxSplits: 1).map(String.init)
        }
        let idWidth = ids.map(\.count).max() ?? 0
        let numberWidth = counts.map { $0[0].count }.max() ?? 0
        let wordWidth = counts.map { $0.last?.count ?? 0 }.max() ?? 0
        return profiles.indices.map {
            let number = String(repeating: " ", count: numberWidth - counts[$0][0].count) + counts[$0][0]
            return pad(ids[$0], idWidth) + "  " + number + " " + pad(counts[$0].last ?? "", wordWidth) + "  "
                + SafeText.escape(profiles[$0].name)
        }
    }

    /// One profile's endpoints, one a line: id, method, path, then `[folder]` and name, in columns; a path past
    /// `maxPathColumn` characters pushes its own line's last column out rather than every line's. Names, folders
    /// and paths are escaped: an imported collection's are someone else's text.
    static func endpointLines(_ profile: Profile) -> [String] {
        let ids = profile.endpoints.map { SafeText.escape($0.id) }
        let paths = profile.endpoints.map { SafeText.escape($0.path.raw) }
        let idWidth = ids.map(\.count).max() ?? 0
        let pathWidth = min(maxPathColumn, paths.map(\.count).max() ?? 0)
        return profile.endpoints.indices.map { index in
            let endpoint = profile.endpoints[index]
            let folder = endpoint.folder.map { "[\(SafeText.escape($0))] " } ?? ""
            let name = endpoint.name == endpoint.id ? "" : SafeText.escape(endpoint.name)
            // A WebSocket endpoint as the explorer's list marks it (its method is the upgrade's GET).
            let method = endpoint.webSocket != nil ? "WS" : endpoint.method.rawValue
            var line =
                pad(ids[index], idWidth) + "  " + pad(method, 7) + " "
                + pad(paths[index], pathWidth) + "  " + folder + name
            while line.last == " " { line.removeLast() }
            return line
        }
    }

    /// `{"profiles": [{"id", "name", "file", "environments", "default_environment", "endpoints"}]}`.
    static func profilesDocument(_ profiles: [Profile]) -> JSONValue {
        .object([
            "profiles": .array(
                profiles.map { profile in
                    .object([
                        "id": .string(profile.id), "name": .string(profile.name), "file": .string(profile.file),
                        "environments": .array(profile.environments.map { .string($0.name) }),
                        "default_environment": profile.defaultEnvironment.map(JSONValue.string) ?? .null,
                        "endpoints": .number(String(profile.endpoints.count)),
                    ])
                })
        ])
    }

    /// `{"profile": ID, "endpoints": [{"id", "method", "path", "name", "folder", "description", "protocol"}]}`:
    /// the method is the upgrade's `GET` for a WebSocket endpoint, whose `protocol` is `websocket` (else `http`).
    static func endpointsDocument(_ profile: Profile) -> JSONValue {
        .object([
            "profile": .string(profile.id),
            "endpoints": .array(
                profile.endpoints.map { endpoint in
                    .object([
                        "id": .string(endpoint.id), "method": .string(endpoint.method.rawValue),
                        "path": .string(endpoint.path.raw), "name": .string(endpoint.name),
                        "folder": endpoint.folder.map(JSONValue.string) ?? .null,
                        "description": endpoint.description.map(JSONValue.string) ?? .null,
                        "protocol": .string(endpoint.webSocket != nil ? "websocket" : "http"),
                    ])
                }),
        ])
    }

    /// The widest path that sets the path column.
    static let maxPathColumn = 48

    private static func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
    }
}
