import Foundation
import TestSupport
import Testing

@testable import ExplorerCore

#if canImport(Glibc)
    import Glibc
#endif

/// The state directory holds tokens, cached answers and logs: only its user may enter it.
@Suite("State directory permissions")
struct StateDirectoryTests {
    private func mode(_ path: String) -> mode_t {
        var info = stat()
        _ = stat(path, &info)
        return info.st_mode & 0o777
    }

    @Test("a new state directory and its missing parents are created 0700")
    func createdPrivate() throws {
        let scratch = try TemporaryDirectory()
        let directory = scratch.file("state/apix")
        #expect(StateDirectory.prepare(directory) == nil)
        #expect(mode(directory) == 0o700)
        #expect(mode(scratch.file("state")) == 0o700)
    }

    @Test("an existing state directory of ours that others can read is narrowed to 0700")
    func existingNarrowed() throws {
        let scratch = try TemporaryDirectory()
        let directory = scratch.file("apix")
        try FileManager.default.createDirectory(
            atPath: directory, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o755])
        #expect(mode(directory) == 0o755)
        #expect(StateDirectory.prepare(directory) == nil)
        #expect(mode(directory) == 0o700)
    }

    @Test("a file where the directory should be is reported, not replaced")
    func fileInTheWay() throws {
        let scratch = try TemporaryDirectory()
        let file = try scratch.write("apix", "not a directory")
        #expect(StateDirectory.prepare(file)?.contains("is not a directory") == true)
    }
}
