import Foundation
import Testing

@testable import TUI

@Suite("README key table")
struct KeyMapReadmeTests {
    @Test("the README's key table is the one generated from the key map")
    func readmeMatchesKeyMap() throws {
        let readme = try String(contentsOfFile: Fixtures.root + "/README.md", encoding: .utf8)
        let table = KeyMap.markdownTable()
        if let path = ProcessInfo.processInfo.environment["APIX_WRITE_KEY_TABLE"] {
            try table.write(toFile: path, atomically: true, encoding: .utf8)
        }
        #expect(
            readme.contains(table),
            "regenerate: APIX_WRITE_KEY_TABLE=/tmp/keys.md swift test --filter KeyMapReadmeTests, paste into README")
    }
}
