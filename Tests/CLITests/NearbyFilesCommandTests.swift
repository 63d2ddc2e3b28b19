import Foundation
import TestSupport
import Testing

@testable import CLI
@testable import ExplorerCore
@testable import TUI

/// Run beside a profile or a spec with no `./profiles`, apix looked in `~/.config/apix/profiles` and said only "no
/// profile `hb`". Now `apix run`, `apix list` and the explorer name what the current directory holds and the command
/// that reads it; a file path given as a profile id is answered with the id.
@Suite("profiles and files to import beside the user")
struct NearbyFilesCommandTests {
    static let profile = """
        environments: { local: { base_url: "http://127.0.0.1:1" } }
        endpoints: [{ id: a, path: /a }]

        """

    /// A directory holding a profile, two specs and a Postman collection (and its kind of environment file, which is not
    /// imported alone), files that are neither, and a FIFO named like a profile (never
    /// opened: reading it would block).
    static func workingDirectory() throws -> TemporaryDirectory {
        let directory = try TemporaryDirectory()
        try profile.write(toFile: directory.path + "/hb.yaml", atomically: true, encoding: .utf8)
        try "variables: { token: t }\n".write(
            toFile: directory.path + "/hb.secrets.yaml", atomically: true, encoding: .utf8)
        try "services:\n  web: { image: nginx }\nenvironment: x\n".write(
            toFile: directory.path + "/compose.yaml", atomically: true, encoding: .utf8)
        let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("ExplorerImportTests/Fixtures").path
        try FileManager.default.copyItem(
            atPath: fixtures + "/petstore-3.0.yaml", toPath: directory.path + "/petstore-3.0.yaml")
        try FileManager.default.copyItem(
            atPath: fixtures + "/petstore-swagger-2.0.json", toPath: directory.path + "/swagger.json")
        try FileManager.default.copyItem(
            atPath: fixtures + "/postman-realworld-conduit.json", toPath: directory.path + "/collection.json")
        try FileManager.default.copyItem(
            atPath: fixtures + "/postman-env-wise-groups.json", toPath: directory.path + "/env.json")
        #expect(mkfifo(directory.path + "/pipe.yaml", 0o600) == 0)
        return directory
    }

    @Test("found: the profile by id and the three files to import, nothing else; nothing in the directory searched")
    func find() throws {
        let directory = try Self.workingDirectory()
        let found = try #require(NearbyFiles.find(in: directory.path, searched: directory.path + "/profiles"))
        #expect(found.profiles == ["hb"])
        #expect(found.imports == ["collection.json", "petstore-3.0.yaml", "swagger.json"])
        #expect(
            found.hints(flag: "--profiles .") == [
                "the profiles in this directory (hb): `--profiles .` reads them",
                "a file apix imports is here: `apix import collection.json` makes a profile of it "
                    + "(also: petstore-3.0.yaml, swagger.json)",
            ])
        #expect(NearbyFiles.find(in: directory.path, searched: directory.path + "/.") == nil)
        let empty = try TemporaryDirectory()
        #expect(NearbyFiles.find(in: empty.path, searched: "/nowhere") == nil)
    }

    @Test("a Bruno collection is a directory: one beside the user is named, and so is the one the user is in")
    func brunoDirectories() throws {
        let directory = try TemporaryDirectory()
        let collection = directory.path + "/api-collection"
        try FileManager.default.createDirectory(atPath: collection, withIntermediateDirectories: true)
        try #"{"version": "1", "name": "API", "type": "collection"}"#.write(
            toFile: collection + "/bruno.json", atomically: true, encoding: .utf8)
        try FileManager.default.createDirectory(atPath: directory.path + "/src", withIntermediateDirectories: true)
        let beside = try #require(NearbyFiles.find(in: directory.path, searched: "/nowhere"))
        #expect(beside.imports == ["api-collection"])
        #expect(
            beside.hints(flag: "--profiles .")
                == ["a file apix imports is here: `apix import api-collection` makes a profile of it"])
        let inside = try #require(NearbyFiles.find(in: collection, searched: "/nowhere"))
        #expect(inside.imports == ["."])
    }

    @Test("apix run, apix list and the explorer's empty list name them")
    func named() async throws {
        let directory = try Self.workingDirectory()
        let config = try TemporaryDirectory()
        let environment = ["XDG_CONFIG_HOME": config.path, "XDG_STATE_HOME": config.path + "/state"]
        let searched = config.path + "/apix/profiles"
        let run = try await ApixProcess.run(["run", "hb", "a"], environment: environment, directory: directory.path)
        #expect(run.status == 3, "\(run.stderr)")
        #expect(
            run.stderr
                == "apix: no profile `hb` in \(searched); ./hb.yaml is in this directory: `--profiles .` reads it\n")
        let byFile = try await ApixProcess.run(
            ["run", "hb.yaml", "a"], environment: environment, directory: directory.path)
        #expect(byFile.stderr.contains("profiles are named by id, not by file: `hb` with `--profiles .`"))
        let list = try await ApixProcess.run(["list"], environment: environment, directory: directory.path)
        #expect(list.status == 0)
        #expect(list.stderr.contains("apix: the profiles in this directory (hb): `--profiles .` reads them\n"))
        #expect(list.stderr.contains("`apix import collection.json` makes a profile of it"))
        // Where the profiles are searched for, there is no hint: `--profiles .` finds them.
        let found = try await ApixProcess.run(["list", "--profiles", "."], directory: directory.path)
        #expect(found.text.contains("hb"), "\(found.stderr)")

        var state = AppState(
            catalog: ProfileCatalog(), profileDirectory: searched, processEnvironment: [:], width: 160, height: 30,
            now: Moment(uptime: 0, date: Date()))
        state.nearby = NearbyFiles.find(in: directory.path, searched: searched)
        let screen = Screen.render(state, theme: .monochrome).lines.joined(separator: "\n")
        #expect(screen.contains("apix --profiles ."), "\(screen)")
        #expect(screen.contains("collection.json"), "\(screen)")
    }
}
