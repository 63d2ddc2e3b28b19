import Foundation
import Testing

@testable import ExplorerCore
@testable import TUI

/// Texts that do not fit their line are cut where a reader still gets what they need: a URL in its middle (origin
/// and the end of the path stay), lists of figures between items (never half a figure). Issue 25's walk-through
/// found the status line's URL, the phase line's last figure and the facts line cut off at 130 columns.
@Suite("Cutting texts to fit")
struct NarrowTextTests {
    @Test("a URL too long for its room keeps its origin and its end, with … in the middle")
    func elidedURL() {
        let url = "http://127.0.0.1:8099/anything/very/long/path/segments/here?page=2&sort=name"
        #expect(TextWidth.elideMiddle(url, to: 200) == url)
        let cut = TextWidth.elideMiddle(url, to: 40)
        #expect(TextWidth.width(of: cut) == 40)
        #expect(cut.hasPrefix("http://127.0.0.1:8099"))
        #expect(cut.hasSuffix("sort=name"))
        #expect(cut.contains("…"))
        // Wide characters count two columns.
        let wide = TextWidth.elideMiddle(String(repeating: "界", count: 30), to: 21)
        #expect(TextWidth.width(of: wide) <= 21)
    }

    @Test("facts that do not fit are left out whole, with … saying so")
    func fittedFacts() {
        let facts = ["↑ 120 B 3.1 KiB/s", "↓ 4.0 MiB 1.2 MiB/s", "new connection"]
        #expect(TextWidth.fitted(facts, separator: " · ", to: 100) == facts.joined(separator: " · "))
        let line = TextWidth.fitted(facts, separator: " · ", to: 45)
        #expect(line == "↑ 120 B 3.1 KiB/s · ↓ 4.0 MiB 1.2 MiB/s …")
        #expect(TextWidth.width(of: line) <= 45)
    }

    @Test("the phase line closes its gaps, then shows the longest phases that fit, never cutting a figure")
    func phaseLine() {
        let ms = Duration.milliseconds
        let phases: [(phase: Metrics.Phase, duration: Duration)] = [
            (.dns, ms(1)), (.connect, ms(2)), (.tls, .zero), (.send, ms(3)), (.wait, ms(40)), (.transfer, ms(1250)),
        ]
        let wide = MetricsBarView.phaseLine(phases, in: 120)
        #expect(wide.gap == "  " && wide.shown.count == 6)
        let tight = MetricsBarView.phaseLine(phases, in: 75)
        #expect(tight.shown.map(\.0) == [0, 1, 3, 4, 5], "tls took no time: \(tight.shown.map(\.1))")
        let narrow = MetricsBarView.phaseLine(phases, in: 50)
        #expect(narrow.shown.map(\.1) == ["send 3.00 ms", "wait 40.0 ms", "transfer 1.25 s"])
        #expect(MetricsBarView.phaseLine(phases, in: 40).shown.map(\.1) == ["wait 40.0 ms", "transfer 1.25 s"])
        let drawn = tight.shown.map { "x" + $0.1 }.joined(separator: tight.gap)
        #expect(TextWidth.width(of: drawn) <= 75)
    }

    @Test("at 110 columns the response pane shows the whole transfer figure and the URL's end")
    func responsePane() throws {
        var state = Fixtures.smallState(width: 110, height: 30)
        state.select("items.get")
        let key = try #require(state.selectedKey)
        var draft = try #require(state.draft(for: key))
        draft.query.append(DraftRow(name: "filter", value: String(repeating: "abc", count: 20) + "-end"))
        state.drafts[key] = draft
        _ = state.press(.enter)
        let id = try #require(state.shownExchange?.id)
        var response = Fixtures.jsonResponse(#"{"a": 1}"#)
        response.metrics.transfer = .milliseconds(1250)
        response.metrics.firstByte = .milliseconds(40)
        _ = state.update(.exchangeFinished(exchange: id, .success(response), at: 101))
        let lines = Screen.render(state, theme: .monochrome).lines
        let status = try #require(lines.first { $0.contains(" GET ") && $0.contains("200") })
        #expect(status.contains("-end"), "\(status)")
        #expect(status.contains("…"))
        let phases = try #require(lines.first { $0.contains("wait ") })
        #expect(phases.contains("transfer 1.25 s"), "\(phases)")
    }
}
