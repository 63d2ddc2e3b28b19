import Foundation
import Testing

@testable import ExplorerCore
@testable import TUI

/// The response pane's progress bar and status row say what really happened: the figures of `TransferProgress.Figures`,
/// the one total of `Metrics`, the stage of a running exchange.
@Suite("transfer figures in the response pane")
struct TransferFiguresTests {
    /// The small state with `endpoint` sent, then `events` applied one second apart from the send.
    static func sending(_ endpoint: String = "items.get", events: [TransferProgress]) throws -> (AppState, Int) {
        var state = Fixtures.smallState(width: 120, height: 30)
        state.select(endpoint)
        _ = state.press(.enter)
        let id = try #require(state.shownExchange?.id)
        for (i, event) in events.enumerated() {
            _ = state.update(.progressUpdated(exchange: id, event, at: Fixtures.start.uptime + Double(i + 1)))
        }
        return (state, id)
    }

    static func lines(_ state: AppState) -> [String] { Screen.render(state, theme: .monochrome).lines }

    static func line(_ state: AppState, containing text: String) -> String? {
        lines(state).first { $0.contains(text) }
    }

    @Test("a failed transfer shows what really arrived and that it failed, never a full bar")
    func failedTransferBar() throws {
        let metrics = Metrics(firstByte: .milliseconds(30), transfer: .milliseconds(1000), total: .milliseconds(1030))
        let timeout = ClientError.transport(TransportError(.timeout(.total), "timed out", metrics: metrics))
        // Nothing arrived, size never known.
        var (state, id) = try Self.sending(events: [TransferProgress(isFinal: true)])
        _ = state.update(.exchangeFinished(exchange: id, .failure(timeout), at: Fixtures.start.uptime + 2))
        let bar = try #require(Self.line(state, containing: "↓ ["))
        #expect(bar.contains("] 0 B  failed after 1.03 s"), "\(bar)")
        #expect(!bar.contains("█"), "\(bar)")
        // Part of a known size arrived: the bar shows that part.
        (state, id) = try Self.sending(events: [TransferProgress(received: 300, receiveTotal: 1000, isFinal: true)])
        _ = state.update(.exchangeFinished(exchange: id, .failure(timeout), at: Fixtures.start.uptime + 2))
        let partial = try #require(Self.line(state, containing: "↓ ["))
        #expect(partial.contains("] 300 B / 1000 B  30%  failed after 1.03 s"), "\(partial)")
        #expect(partial.contains("█") && partial.contains("░"))
        // A cancel says so.
        let cancelled = ClientError.transport(TransportError(.cancelled, "cancelled", metrics: metrics))
        (state, id) = try Self.sending(events: [TransferProgress(received: 300, isFinal: true)])
        _ = state.update(.exchangeFinished(exchange: id, .failure(cancelled), at: Fixtures.start.uptime + 2))
        #expect(Self.line(state, containing: "↓ [")?.contains("] 300 B  cancelled after 1.03 s") == true)
        #expect(Self.line(state, containing: "no response: cancelled") != nil)
    }

    @Test("the bar's time of a finished transfer is the metrics' total, not the screen's clock")
    func barAndMetricsAgreeOnTotal() throws {
        let size: Int64 = 40 << 20
        var (state, id) = try Self.sending(events: [TransferProgress(received: size, receiveTotal: size, isFinal: true)]
        )
        var response = Fixtures.jsonResponse("{}")
        response.metrics = Metrics(
            firstByte: .milliseconds(20), transfer: .milliseconds(1500), total: .milliseconds(1520),
            bytesReceived: size)
        // The screen learns of the end 3.25 s after the send (queue, token, event delivery): not the transfer's time.
        _ = state.update(.exchangeFinished(exchange: id, .success(response), at: Fixtures.start.uptime + 3.25))
        let bar = try #require(Self.line(state, containing: "↓ ["))
        #expect(bar.contains("40.0 MiB / 40.0 MiB  100%  26.7 MiB/s  in 1.52 s"), "\(bar)")
        #expect(Self.line(state, containing: "total 1.52 s · wait 20.0 ms · transfer 1.50 s") != nil)
        #expect(Self.line(state, containing: "3.25") == nil)
    }

    @Test("the status row follows the exchange: connecting, sending, waiting for the answer, receiving")
    func stageOnStatusRow() throws {
        /// The screen's text: the response pane's status row is one of its lines.
        func statusRow(_ endpoint: String, _ events: [TransferProgress]) throws -> String {
            let (state, _) = try Self.sending(endpoint, events: events)
            return Self.lines(state).joined(separator: "\n")
        }
        #expect(try statusRow("items.get", []).contains("│connecting GET http://"))
        #expect(
            try statusRow("items.get", [TransferProgress(requestStarted: true)]).contains("│waiting for the answer GET")
        )
        let receiving = try statusRow("items.get", [TransferProgress(received: 10, requestStarted: true)])
        #expect(receiving.contains("│receiving GET http://"))
        #expect(!receiving.contains("sending"))
        let upload = TransferProgress(sent: 10, sendTotal: 100, requestStarted: true)
        #expect(try statusRow("items.create", [upload]).contains("│sending POST http://"))
        let uploaded = TransferProgress(sent: 100, sendTotal: 100, requestStarted: true)
        #expect(try statusRow("items.create", [uploaded]).contains("│waiting for the answer POST"))
    }
}
