import Foundation
import Testing

@testable import ExplorerCore
@testable import TUI

/// Search in the response pane: matches found in the body's bytes, counted off the main actor, `n`/`N` through
/// the counted matches, and what the tab line says.
@Suite("Body search")
struct BodySearchTests {
    /// Every offset where the matcher finds `needle` in `text`, scanned in chunks of `chunk` bytes.
    private func offsets(of needle: String, in text: String, chunk: Int) -> [Int] {
        let matcher = ByteMatcher(Array(needle.utf8))
        let bytes = Array(text.utf8)
        var found: [Int] = []
        bytes.withUnsafeBytes { buffer in
            var start = 0
            var resume = 0
            while start < bytes.count {
                let starts = start..<min(bytes.count, start + chunk)
                resume =
                    matcher.scan(buffer, starts: starts, from: resume) {
                        found.append($0)
                        return true
                    } ?? resume
                start = starts.upperBound
            }
        }
        return found
    }

    @Test("the byte matcher ignores ASCII case, does not overlap, and finds matches across chunk boundaries")
    func byteMatcher() {
        #expect(offsets(of: "abc", in: "xxABCxabcxAbC", chunk: 100) == [2, 6, 10])
        #expect(offsets(of: "aa", in: "aaaaa", chunk: 100) == [0, 2])
        // A match that starts at the end of one chunk is found once, not again in the next.
        #expect(offsets(of: "needle", in: "123needle456needle", chunk: 5) == [3, 12])
        #expect(offsets(of: "aa", in: "aaaaa", chunk: 1) == [0, 2])
        #expect(offsets(of: "{\"", in: "[{\"a\":1},{\"b\":2}]", chunk: 3) == [1, 9])
        #expect(offsets(of: "zz", in: "abc", chunk: 2).isEmpty)
    }

    @Test("a count lists the line of every match, in the formatted JSON view and the raw one, across many chunks")
    func countsEveryMatch() throws {
        // About 2.6 MB, so the count goes through three chunks and reports progress between them.
        let items = (0..<60_000).map { #"{"id":\#($0),"name":"item-\#($0)","tag":"Odd"}"# }
        let json = "[" + items.joined(separator: ",") + "]"
        let document = BodyDocument.make(bytes: Data(json.utf8), contentType: "application/json")
        var reports: [Double] = []
        let matches = try #require(
            document.countMatches("item-1", exchange: 1, tab: .body) { reports.append($0.fraction) })
        // item-1, item-10..19, item-100..199, item-1000..1999, item-10000..19999
        let expected = 11_111
        #expect(matches.total == expected)
        #expect(matches.isComplete && matches.isListed)
        #expect(reports.count == 2 && reports == reports.sorted() && reports.allSatisfy { $0 > 0 && $0 < 1 })
        // Formatted: "[", then five lines per item ("{", id, name, tag, "}"); item k's name is line 1 + 5k + 2.
        let firstLines = Array(matches.lines.prefix(3))
        #expect(firstLines == [8, 53, 58])  // items 1, 10 and 11
        for line in matches.lines.prefix(50) {
            let text = document.line(line, maxColumns: 200).map(\.text).joined()
            #expect(text.lowercased().contains("item-1"))
        }
        // Case is ignored: every item's tag.
        #expect(document.countMatches("odd", exchange: 1, tab: .body)?.total == 60_000)
        // The raw view of a minified body is one line.
        let raw = try #require(document.countMatches("ITEM-1", exchange: 1, tab: .raw))
        #expect(raw.total == matches.total && Set(raw.lines) == [0])
    }

    @Test("a text body's final line break ends its last line: never shown as a `\\n`, and adds no line")
    func finalLineBreak() {
        for (text, lines) in [
            ("User-agent: *\nDisallow: /deny\n", ["User-agent: *", "Disallow: /deny"]),
            ("crlf\r\nend\r\n", ["crlf", "end"]), ("a\n\n", ["a", ""]), ("no break", ["no break"]),
        ] {
            let document = BodyDocument.make(bytes: Data(text.utf8), contentType: "text/plain")
            #expect(document.lineCount == lines.count, "\(text)")
            let shown = (0..<document.lineCount).map { document.line($0, maxColumns: 80).map(\.text).joined() }
            #expect(shown == lines, "\(text)")
        }
    }

    @Test("search finds the next and previous match from a line, wrapping around, in text and binary bodies")
    func searchFromALine() {
        let text = (0..<100).map { $0 % 10 == 3 ? "line \($0) Match" : "line \($0)" }.joined(separator: "\n")
        let document = BodyDocument.make(bytes: Data(text.utf8), contentType: "text/plain")
        #expect(document.search("match", from: 0, forward: true) == 3)
        #expect(document.search("match", from: 3, forward: true) == 3)
        #expect(document.search("match", from: 4, forward: true) == 13)
        #expect(document.search("match", from: 94, forward: true) == 3)
        #expect(document.search("match", from: 99, forward: false) == 93)
        #expect(document.search("match", from: 92, forward: false) == 83)
        #expect(document.search("match", from: 2, forward: false) == 93)
        #expect(document.search("absent", from: 0, forward: true) == nil)

        var bytes = Data(repeating: 0, count: 64)
        bytes.replaceSubrange(40..<43, with: [0x1F, 0x8B, 0x08])
        bytes.replaceSubrange(20..<24, with: Array("GZIP".utf8))
        let binary = BodyDocument.make(bytes: bytes, contentType: "application/octet-stream")
        #expect(binary.kind == .binary)
        #expect(binary.search("1f 8b 08", from: 0, forward: true) == 2)  // hex pairs: those bytes, row 40 / 16
        #expect(binary.search("gzip", from: 0, forward: true) == 1)  // the text column
    }

    /// A state showing a JSON body of `count` items, one line each in the raw view, focused on the response.
    private func showing(items count: Int) throws -> (state: AppState, id: Int, document: BodyDocument) {
        var state = Fixtures.smallState(height: 24)
        _ = state.update(.resized(width: 200, height: 24))  // room for the whole tab line
        state.select("items.get")
        _ = state.press(.enter)
        let id = try #require(state.shownExchange?.id)
        let json = "[\n" + (1...count).map { #"{"n": \#($0)}"# }.joined(separator: ",\n") + "\n]"
        let document = BodyDocument.make(bytes: Data(json.utf8), contentType: nil)
        _ = state.update(.exchangeFinished(exchange: id, .success(Fixtures.jsonResponse(json)), at: 101))
        _ = state.update(.bodyPrepared(exchange: id, document))
        state.focus = .response
        return (state, id, document)
    }

    /// Runs the effects the way the runtime does: the search first, then the whole count.
    private func run(_ effects: [Effect], on state: inout AppState) {
        for effect in effects {
            switch effect {
            case .search(let id, let document, let query, let from, let forward, let raw):
                let line = document.search(query, from: from, forward: forward, raw: raw)
                _ = state.update(.searchFinished(exchange: id, line: line))
            case .countMatches(let id, let document, let query, let tab):
                if let matches = document.countMatches(query, exchange: id, tab: tab) {
                    _ = state.update(.matchesCounted(matches))
                }
            default:
                Issue.record("unexpected effect \(effect.name)")
            }
        }
    }

    /// Types `query` into the open search field as a user does (each key searches at once) and presses Enter: the
    /// effects of the last key and of Enter, the ones the runtime would still run (it cancels older ones).
    private func search(_ query: String, in state: inout AppState) -> [Effect] {
        var last: [Effect] = []
        for character in query { last = state.press(.character(character)) }
        return last + state.press(.enter)
    }

    private func tabRow(_ state: AppState) -> String {
        let buffer = Screen.render(state, theme: .monochrome)
        return (0..<state.height).map { buffer.line($0) }.first { $0.contains(" Body  Headers  Raw ") } ?? ""
    }

    @Test("the tab line counts matches (3/120), n and N step through them without searching again, and wrap")
    func countedMatches() throws {
        var (state, _, _) = try showing(items: 300)
        _ = state.press(.character("/"))
        let effects = search("\"n\": 1", in: &state)  // 1, 10-19, 100-199: 111 items
        #expect(effects.names == ["search", "countMatches", "search"])
        run(effects, on: &state)
        // Formatted: "[", then three lines per item; item k's "n" is line 1 + 3(k - 1) + 1.
        #expect(state.response.matchLine == 2)
        #expect(state.response.matchIndex == 0)
        #expect(tabRow(state).contains("/\"n\": 1 1/111"))

        #expect(state.press(.character("n")).isEmpty)  // listed: no search effect
        #expect(state.response.matchLine == 2 + 3 * 9)  // item 10
        #expect(tabRow(state).contains("2/111"))
        _ = state.press(.character("N"), .character("N"))
        #expect(state.response.matchLine == 1 + 3 * 198 + 1)  // wrapped to the last: item 199
        #expect(state.message?.text == "search wrapped to the last match")
        #expect(tabRow(state).contains("111/111"))
    }

    @Test("G then N goes to the last match, gg then n to the first, with or without a complete count")
    func endThenPrevious() throws {
        for counted in [true, false] {
            var (state, _, _) = try showing(items: 300)
            _ = state.press(.character("/"))
            var effects = search("\"n\": 2", in: &state)  // 2, 20-29, 200-299
            if !counted { effects.removeAll { $0.name == "countMatches" } }
            run(effects, on: &state)
            #expect(state.response.matchLine == 1 + 3 * 1 + 1)
            run(state.press(.character("n")), on: &state)
            #expect(state.response.matchLine == 1 + 3 * 19 + 1)  // item 20, on screen
            _ = state.press(.end)  // item 20 is off screen now: N searches back from the screen's last line
            run(state.press(.character("N")), on: &state)
            #expect(state.response.matchLine == 1 + 3 * 298 + 1, "counted: \(counted)")  // item 299
            _ = state.press(.home)
            run(state.press(.character("n")), on: &state)
            #expect(state.response.matchLine == 1 + 3 * 1 + 1, "counted: \(counted)")  // item 2
        }
    }

    @Test("no match says so on the status bar and beside the query; a count in progress shows its percentage")
    func noMatchAndProgress() throws {
        var (state, id, document) = try showing(items: 20)
        _ = state.press(.character("/"))
        run(search("absent", in: &state), on: &state)
        #expect(state.message?.text == "no match: absent" && state.message?.isError == true)
        #expect(tabRow(state).contains("/absent no match"))

        _ = state.press(.character("/"), .control("u"))
        let effects = search("\"n\"", in: &state)
        #expect(effects.names == ["search", "countMatches", "search"])
        _ = state.update(
            .matchesCounted(
                SearchMatches(exchange: id, tab: .body, query: "\"n\"", total: 7, lines: [], fraction: 0.41)))
        #expect(tabRow(state).contains("/\"n\" 7 … counting… 41%"))
        // A count for another query (one typed earlier) is ignored.
        _ = state.update(.matchesCounted(try #require(document.countMatches("absent", exchange: id, tab: .body))))
        #expect(tabRow(state).contains("counting… 41%"))
    }

    @Test("the Raw tab's count includes the matches in its head")
    func rawTabCountsTheHead() throws {
        var (state, _, _) = try showing(items: 30)
        _ = state.press(.right, .right)
        #expect(state.response.tab == .raw)
        _ = state.press(.character("/"))
        run(search("json", in: &state), on: &state)  // the Content-Type header; the body has none
        let matches = try #require(state.response.matches)
        #expect(matches.total == 1 && matches.lines == [1] && matches.isListed)
        #expect(tabRow(state).contains("1/1"))
    }

    @Test("a new send clears the search: its query, count and matches leave the tab line")
    func newSendClearsSearch() throws {
        var (state, _, _) = try showing(items: 30)
        _ = state.press(.character("/"))
        run(search("\"n\": 1", in: &state), on: &state)
        #expect(tabRow(state).contains("/\"n\": 1 1/"))
        state.focus = .list
        #expect(state.press(.enter).names.contains("send"))
        #expect(state.response.query.isEmpty)
        #expect(state.response.matches == nil && state.response.matchLine == nil && state.response.matchIndex == nil)
        let id = try #require(state.shownExchange?.id)
        let json = "[\n" + (1...30).map { #"{"n": \#($0)}"# }.joined(separator: ",\n") + "\n]"
        _ = state.update(.exchangeFinished(exchange: id, .success(Fixtures.jsonResponse(json)), at: 102))
        _ = state.update(.bodyPrepared(exchange: id, BodyDocument.make(bytes: Data(json.utf8), contentType: nil)))
        let row = tabRow(state)
        #expect(row.contains(" Body  Headers  Raw ") && !row.contains("\"n\": 1"), "\(row)")
    }
}
