import Foundation
import TestSupport
import Testing

@testable import ExplorerCore
@testable import TUI

@Suite("Writing a response body to the path typed at the w prompt")
struct BodyWriteTests {
    /// A fresh directory per test, removed afterwards.
    private static func withTemporaryDirectory(_ body: (String) throws -> Void) throws {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("apix-write-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: false)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try body(directory)
    }

    static func response(_ text: String, url: String = "http://127.0.0.1:9000/items/7", headers: HTTPHeaders = [:])
        -> Response
    {
        Response(
            method: .get, url: url, statusCode: 200, reason: "OK", headers: headers,
            body: ResponseBody(data: Data(text.utf8)), metrics: Metrics())
    }

    static func saved(_ action: Action) -> (path: String, bytes: Int64, error: String?)? {
        guard case .bodySaved(let path, let bytes, let error) = action else { return nil }
        return (path, bytes, error)
    }

    @Test("a directory is left intact and the body goes inside it, named from the answer (it used to be deleted)")
    func intoDirectory() throws {
        try Self.withTemporaryDirectory { directory in
            let target = directory + "/folder"
            try FileManager.default.createDirectory(atPath: target, withIntermediateDirectories: false)
            try Data("keep me".utf8).write(to: URL(fileURLWithPath: target + "/precious.txt"))

            let headers: HTTPHeaders = ["Content-Disposition": "attachment; filename=\"../report.json\""]
            let result = try #require(
                Self.saved(BodyFileWriter.write(Self.response("{}", headers: headers), to: target)))

            #expect(result.error == nil)
            #expect(result.path == target + "/report.json")
            #expect(FileManager.default.contents(atPath: target + "/precious.txt") == Data("keep me".utf8))
            #expect(FileManager.default.contents(atPath: target + "/report.json") == Data("{}".utf8))
            let byURL = try #require(Self.saved(BodyFileWriter.write(Self.response("[]"), to: target + "/")))
            #expect(byURL.path == target + "/7")
        }
    }

    @Test("an existing file is replaced, and no temporary file is left behind")
    func replacesFile() throws {
        try Self.withTemporaryDirectory { directory in
            let target = directory + "/out.body"
            try Data("old contents that are longer".utf8).write(to: URL(fileURLWithPath: target))

            let result = try #require(Self.saved(BodyFileWriter.write(Self.response("new"), to: target)))
            #expect(result.error == nil)
            #expect(result.bytes == 3)

            #expect(FileManager.default.contents(atPath: target) == Data("new".utf8))
            #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == ["out.body"])
        }
    }

    @Test("a new file is created with the umask's permissions (0666 narrowed), not 0600")
    func createsFile() throws {
        try Self.withTemporaryDirectory { directory in
            let old = umask(0o002)
            defer { umask(old) }
            let target = directory + "/fresh.body"
            #expect(Self.saved(BodyFileWriter.write(Self.response("hello"), to: target))?.error == nil)
            #expect(FileManager.default.contents(atPath: target) == Data("hello".utf8))
            let mode = try FileManager.default.attributesOfItem(atPath: target)[.posixPermissions] as? Int
            #expect(mode == 0o664)
        }
    }

    @Test("~/ is the home directory, as for apix run -o")
    func home() throws {
        let home = try #require(ProcessInfo.processInfo.environment["HOME"])
        let name = "apix-write-\(UUID().uuidString).body"
        defer { try? FileManager.default.removeItem(atPath: home + "/" + name) }
        let result = try #require(Self.saved(BodyFileWriter.write(Self.response("hi"), to: "~/" + name)))
        #expect(result.path == home + "/" + name)
        #expect(FileManager.default.contents(atPath: home + "/" + name) == Data("hi".utf8))
    }

    @Test("the TUI and apix run word a saved body the same way")
    func sameWords() {
        var state = Fixtures.smallState()
        _ = state.update(.bodySaved(path: "/w/a.json", bytes: 2048, error: nil))
        #expect(state.message?.text == BodyDestination.savedMessage(path: "/w/a.json", bytes: 2048))
        #expect(state.message?.text == "body saved to /w/a.json (2.00 KiB)")
    }
}
