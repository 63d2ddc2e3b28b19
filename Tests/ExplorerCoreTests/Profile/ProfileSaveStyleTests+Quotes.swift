import Foundation
import Testing

@testable import ExplorerCore

extension ProfileSaveStyleTests {
    @Test(
        "a single quote joined to a combining mark is doubled all the same: the value stays in its quotes and reads back"
    )
    func joinedQuoteKeepsQuotes() throws {
        let text = """
            environments: { local: { base_url: "http://127.0.0.1:1" } }
            endpoints:
              - id: item
                path: /items
                headers:
                  X-Tag: 'abc'   # kept

            """
        // `'` + U+0301 is one character, not a quote, to Foundation's search: it went out undoubled, and libyaml
        // (which reads bytes) ended the scalar there.
        let after = try saved(text, "item") { endpoint in endpoint.headers[0] = Parameter("X-Tag", "it'\u{301}s") }
        #expect(after == replacing(text, [("      X-Tag: 'abc'   # kept", "      X-Tag: 'it''\u{301}s'   # kept")]))
    }
}
