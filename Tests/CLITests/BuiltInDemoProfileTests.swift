import Foundation
import Testing

@testable import CLI
@testable import ExplorerCore

/// `apix demo` from any directory: the demo profile built into the binary, written out on first use.
@Suite("The built-in demo profile")
struct BuiltInDemoProfileTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path

    @Test("the built-in profile is profiles/demo.yaml and its secrets file (run scripts/embed-demo-profile.sh)")
    func matchesTheFiles() throws {
        let yaml = try String(contentsOfFile: Self.root + "/profiles/demo.yaml", encoding: .utf8)
        let secrets = try String(contentsOfFile: Self.root + "/profiles/demo.secrets.yaml", encoding: .utf8)
        #expect(BuiltInDemoProfile.yaml + "\n" == yaml, "run scripts/embed-demo-profile.sh")
        #expect(BuiltInDemoProfile.secrets + "\n" == secrets, "run scripts/embed-demo-profile.sh")
    }

    @Test("outside a checkout the demo profile is written to the config directory once, and loads without problems")
    func writtenOnFirstUse() throws {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("apix-demo-\(UUID())").path
        let elsewhere = scratch + "/elsewhere"
        try FileManager.default.createDirectory(atPath: elsewhere, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let environment = ["XDG_CONFIG_HOME": scratch + "/config", "HOME": scratch]

        let first = try DemoProfileSetup.directory(
            explicit: nil, currentDirectory: elsewhere, environment: environment)
        #expect(first.directory == scratch + "/config/apix/profiles")
        #expect(first.wrote == first.directory + "/demo.yaml")
        let catalog = ProfileLoader.load(directory: first.directory)
        #expect(catalog.problems.isEmpty)
        #expect(catalog.profile("demo")?.endpoint("todos.list") != nil)
        #expect(catalog.profile("demo")?.secretNames.contains("api_key") == true)
        let secrets = first.directory + "/demo.secrets.yaml"
        let mode = (try FileManager.default.attributesOfItem(atPath: secrets)[.posixPermissions] as? Int) ?? 0
        #expect(mode == 0o600)

        // The next run finds it there and writes nothing (a user's edits stay).
        try "# edited\n".appendingToFile(first.directory + "/demo.yaml")
        let second = try DemoProfileSetup.directory(
            explicit: nil, currentDirectory: elsewhere, environment: environment)
        #expect(second.directory == first.directory && second.wrote == nil)
        #expect(try String(contentsOfFile: first.directory + "/demo.yaml", encoding: .utf8).hasSuffix("# edited\n"))
    }

    @Test("in the checkout its profiles directory is used; a --profiles directory is used as it is")
    func checkoutAndExplicit() throws {
        let inCheckout = try DemoProfileSetup.directory(
            explicit: nil, currentDirectory: Self.root, environment: ["XDG_CONFIG_HOME": "/nonexistent"])
        #expect(inCheckout.directory == Self.root + "/profiles" && inCheckout.wrote == nil)
        let explicit = try DemoProfileSetup.directory(
            explicit: "/nonexistent/profiles", currentDirectory: Self.root, environment: [:])
        #expect(explicit.directory == "/nonexistent/profiles" && explicit.wrote == nil)
    }
}

extension String {
    fileprivate func appendingToFile(_ path: String) throws {
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        defer { try? handle.close() }
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(utf8))
    }
}
