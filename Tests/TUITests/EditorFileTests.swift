import Foundation
import Testing

@testable import TUI

@Suite("The temporary file a body is edited in with $EDITOR")
struct EditorFileTests {
    @Test("it is made in a fresh 0700 directory with mode 0600, and removing it removes the directory")
    func privateAndRemoved() throws {
        let file = try EditorFile.make(#"{"token": "secret"}"#).get()
        let manager = FileManager.default
        let directoryMode = try #require(manager.attributesOfItem(atPath: file.directory)[.posixPermissions] as? Int)
        let fileMode = try #require(manager.attributesOfItem(atPath: file.path)[.posixPermissions] as? Int)
        #expect(directoryMode == 0o700)
        #expect(fileMode == 0o600)
        #expect(manager.contents(atPath: file.path) == Data(#"{"token": "secret"}"#.utf8))
        // Each edit gets its own directory, so no name is predictable or shared.
        let other = try EditorFile.make("").get()
        #expect(other.directory != file.directory)
        #expect(manager.contents(atPath: other.path) == Data())

        file.remove()
        other.remove()
        #expect(!manager.fileExists(atPath: file.directory))
        #expect(!manager.fileExists(atPath: other.directory))
    }

    @Test("a parent it cannot create in is reported, not thrown")
    func reportsFailure() {
        guard case .failure(let failure) = EditorFile.make("x", in: "/nonexistent-apix-dir") else {
            Issue.record("expected a failure")
            return
        }
        #expect(failure.description.hasPrefix("mkdtemp in /nonexistent-apix-dir"))
    }
}
