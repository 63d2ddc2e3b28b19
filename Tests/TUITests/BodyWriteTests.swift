import Foundation
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

    @Test("a directory is refused and left intact (it used to be deleted recursively)")
    func refusesDirectory() throws {
        try Self.withTemporaryDirectory { directory in
            let target = directory + "/folder"
            try FileManager.default.createDirectory(atPath: target, withIntermediateDirectories: false)
            try Data("keep me".utf8).write(to: URL(fileURLWithPath: target + "/precious.txt"))

            let error = BodyFileWriter.write(ResponseBody(data: Data("{}".utf8)), to: target)

            #expect(error == "it is a directory; type a file name (nothing was written)")
            #expect(FileManager.default.contents(atPath: target + "/precious.txt") == Data("keep me".utf8))
            #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == ["folder"])
        }
    }

    @Test("an existing file is replaced, and no temporary file is left behind")
    func replacesFile() throws {
        try Self.withTemporaryDirectory { directory in
            let target = directory + "/out.body"
            try Data("old contents that are longer".utf8).write(to: URL(fileURLWithPath: target))

            #expect(BodyFileWriter.write(ResponseBody(data: Data("new".utf8)), to: target) == nil)

            #expect(FileManager.default.contents(atPath: target) == Data("new".utf8))
            #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == ["out.body"])
        }
    }

    @Test("a new file is created")
    func createsFile() throws {
        try Self.withTemporaryDirectory { directory in
            let target = directory + "/fresh.body"
            #expect(BodyFileWriter.write(ResponseBody(data: Data("hello".utf8)), to: target) == nil)
            #expect(FileManager.default.contents(atPath: target) == Data("hello".utf8))
        }
    }
}
