import Foundation
import Testing

@testable import ExplorerCore
@testable import TUI

/// The Events view of a streamed response: rows appear while it runs, it follows the newest unless scrolled up,
/// Esc stops the stream (keeping what arrived), and its lines are the ones `apix run` prints.
@Suite("TUI: events of a streamed response")
struct EventsViewTests {
    /// A stream fed `count` JSON events, and the rows the runtime would post for it.
    static func rows(_ count: Int, previous: EventRows = EventRows(), from first: Int = 1) -> EventRows {
        let stream = EventStream()
        _ = stream.begin(contentType: "text/event-stream", forced: false, at: Date(timeIntervalSince1970: 0))
        let text = (1...count).map { "id: \($0)\nevent: tick\ndata: {\"n\": \($0)}\n\n" }.joined()
        _ = Array(text.utf8).withUnsafeBytes { stream.receive($0, at: Date(timeIntervalSince1970: 1)) }
        return previous.updated(with: stream.snapshot(now: Date(timeIntervalSince1970: 1))!, timeZone: .gmt)
    }

    /// The small profile's state with a send of `items.get` running, its id, and the response pane focused.
    static func sending(width: Int = 100) throws -> (AppState, Int) {
        var state = Fixtures.smallState(width: width, height: 30)
        state.select("items.get")
        _ = state.press(.enter)
        let id = try #require(state.shownExchange?.id)
        state.focus = .response
        return (state, id)
    }

    @Test("events show while the stream runs, with the count on the tab line")
    func liveRows() throws {
        var (state, id) = try Self.sending()
        _ = state.update(.streamUpdated(exchange: id, Self.rows(2)))
        let text = Screen.render(state, theme: .monochrome).text
        #expect(text.contains("#1  00:00:01.000  tick  id 1"))
        #expect(text.contains("\"n\": 2"))
        #expect(text.contains("2 events"))
        #expect(text.contains("Esc stops"))
    }

    @Test("the tab line times the stream where there is room; in a narrow pane Esc stops stays, timing gives way")
    func timingOnTheTabLine() throws {
        var state = Fixtures.smallState(width: 200, height: 30)
        state.select("items.get")
        _ = state.press(.enter)
        let id = try #require(state.shownExchange?.id)
        _ = state.update(.streamUpdated(exchange: id, Self.rows(2)))
        let wide = Screen.render(state, theme: .monochrome).text
        #expect(wide.contains("2 events · 2.0/s · 68 B · first 1.0 s · max gap 0 ms · Esc stops"), "\(wide)")
        var (narrow, narrowID) = try Self.sending()
        _ = narrow.update(.streamUpdated(exchange: narrowID, Self.rows(2)))
        let text = Screen.render(narrow, theme: .monochrome).text
        #expect(text.contains("2 events · 2.0/s · 68 B · max gap 0 ms · Esc stops …"), "\(text)")
    }

    @Test("the view follows the newest events, unless the user scrolled up")
    func follows() throws {
        var (state, id) = try Self.sending()
        let rows = Self.rows(50)
        _ = state.update(.streamUpdated(exchange: id, rows))
        #expect(state.response.top == rows.lines.count - state.responseBodyHeight)
        _ = state.press(.up, .up)
        let scrolled = state.response.top
        _ = state.update(.streamUpdated(exchange: id, Self.rows(60)))
        #expect(state.response.top == scrolled)
        _ = state.press(.end)
        _ = state.update(.streamUpdated(exchange: id, Self.rows(70)))
        #expect(state.response.top == Self.rows(70).lines.count - state.responseBodyHeight)
    }

    @Test("Esc stops a running stream (keeping what arrived); on a transfer that is no stream it cancels")
    func escStops() throws {
        var (state, id) = try Self.sending()
        #expect(state.press(.escape).names == ["cancel"])
        (state, id) = try Self.sending()
        _ = state.update(.streamUpdated(exchange: id, Self.rows(1)))
        let effects = state.press(.escape)
        guard case .stopStream(let stopped)? = effects.first else {
            Issue.record("expected stopStream, got \(effects.names)")
            return
        }
        #expect(stopped == id)
        #expect(state.message?.text.hasPrefix("stopping the stream of GET ") == true)
        var response = Fixtures.jsonResponse("{}")
        response.headers = ["Content-Type": "text/event-stream"]
        _ = state.update(.exchangeFinished(exchange: id, .success(response), at: 101))
        #expect(
            state.message?.text.hasPrefix("stopped the stream of GET ") == true, "\(String(describing: state.message))")
        #expect(state.message?.text.hasSuffix("; what arrived is kept") == true)
    }

    @Test("a finished stream keeps its events on the Body tab, named Events")
    func finished() throws {
        var (state, id) = try Self.sending(width: 220)
        _ = state.update(.streamUpdated(exchange: id, Self.rows(3)))
        var response = Fixtures.jsonResponse("{}")
        response.headers = ["Content-Type": "text/event-stream"]
        _ = state.update(.exchangeFinished(exchange: id, .success(response), at: 101))
        let text = Screen.render(state, theme: .monochrome).text
        #expect(text.contains(" Events "))
        #expect(text.contains("#3  00:00:01.000  tick  id 3"))
        #expect(text.contains("3 events"))
        // The counts say the size once, then the type (not `… · 102 B · ended · 2 B`).
        let line = try #require(text.split(separator: "\n").first { $0.contains("3 events") })
        #expect(line.contains("102 B"), "\(line)")
        #expect(line.components(separatedBy: " B ").count == 2, "\(line)")
        #expect(line.contains("text/event-stream"), "\(line)")
    }

    @Test("rows reuse what they formatted and drop what the ring let go")
    func incremental() {
        let stream = EventStream(capacity: 2)
        _ = stream.begin(contentType: "text/event-stream", forced: false)
        var rows = EventRows()
        for number in 1...5 {
            _ = Array("data: \(number)\n\n".utf8).withUnsafeBytes { stream.receive($0) }
            rows = rows.updated(with: stream.snapshot()!)
        }
        #expect(rows.count == 5)
        #expect(rows.lines.filter(\.isHeadline).count == 2)
        #expect(rows.lines.last?.text == "5")
    }
}
