import Foundation
import Testing

@testable import CLI
@testable import ExplorerCore
@testable import TUI

/// Where the TUI and `apix run` show the same fact, they show it the same way: the status line, no response, the
/// phases and total, the facts of the metrics, and the progress figures (`Response.summaryLine`,
/// `ClientError.summary`, `Metrics.phases` / `facts`, `TransferProgress.Figures`).
@Suite("TUI and apix run show a transfer the same way")
struct DisplayAgreementTests {
    static let metrics = Metrics(
        dns: .microseconds(1200), connect: .microseconds(800), tls: .milliseconds(4), preTransfer: .microseconds(90),
        firstByte: .milliseconds(120), transfer: .milliseconds(300), total: .microseconds(426_090), redirects: 1,
        redirectTime: .zero, queued: .milliseconds(5), bytesSent: 2048, bytesReceived: 3 << 20,
        queuePosition: 2)

    static func response(source: ResponseSource = .network, metrics: Metrics = metrics) -> Response {
        var response = Response(
            method: .get, url: "http://127.0.0.1:9000/items/7", statusCode: 201, reason: "Created",
            headers: ["Content-Type": "application/json"], body: ResponseBody(data: Data(#"{"id": 7}"#.utf8)),
            metrics: metrics)
        response.source = source
        response.age = source == .network ? nil : .seconds(12)
        return response
    }

    /// The TUI, wide enough that nothing is cut, after `items.get` ended with `result` (progress `events` first).
    static func screen(_ result: Result<Response, ClientError>?, events: [TransferProgress] = []) throws -> [String] {
        let catalog = ProfileCatalog(profiles: [
            Profile(
                id: "shop", name: "Shop", file: "/tmp/shop.yaml", defaultEnvironment: "dev",
                environments: [ProfileEnvironment(name: "dev", baseURL: "http://127.0.0.1:9000")],
                endpoints: [Endpoint(id: "items.get", path: "/items/7")])
        ])
        var state = AppState(
            catalog: catalog, profileDirectory: "/tmp", processEnvironment: [:], width: 220, height: 30,
            now: Moment(uptime: 100, date: Date(timeIntervalSince1970: 1_700_000_000)))
        _ = state.update(.keyPressed(.enter))  // the first endpoint is selected
        let id = try #require(state.shownExchange?.id)
        for (i, event) in events.enumerated() {
            _ = state.update(.progressUpdated(exchange: id, event, at: 100 + Double(i + 1)))
        }
        if let result { _ = state.update(.exchangeFinished(exchange: id, result, at: 110)) }
        return Screen.render(state, theme: .monochrome).lines
    }

    static func line(_ lines: [String], containing text: String) throws -> String {
        try #require(lines.first { $0.contains(text) }, "no line with \(text)")
    }

    @Test(
        "the status line: apix run's stderr line is the TUI's status row", arguments: [ResponseSource.network, .cache])
    func statusLine(source: ResponseSource) throws {
        let response = Self.response(source: source)
        let cli = RunCommand.statusLine(response)
        let lines = try Self.screen(.success(response))
        let row = try Self.line(lines, containing: "HTTP/1.1 201 Created")
        #expect(cli.hasPrefix("HTTP/1.1 201 Created · 426.1 ms · 9 B"))
        // The TUI marks the source with the core's short badge; the core's note is on its facts line.
        #expect(row.contains(response.statusText + " · " + response.figuresText), "\(row)")
        if let note = source.note(age: .seconds(12)) {
            #expect(cli.hasSuffix(" · " + note))
            #expect(row.contains(try #require(source.badge(age: .seconds(12)))))
            #expect(try Self.line(lines, containing: "nothing sent").contains(note))
        }
    }

    @Test("no response: the TUI says what apix run says after 'apix: '")
    func noResponse() throws {
        let errors: [ClientError] = [
            .transport(TransportError(.connectionRefused, "connection refused: port 9", curlCode: 7)),
            .transport(TransportError(.cancelled, "cancelled")), .auth("invalid_grant: wrong password"),
        ]
        for error in errors {
            let cli = RunCommand.errorLine(error)
            #expect(cli.hasPrefix("apix: "))
            let lines = try Self.screen(.failure(error))
            #expect(lines.contains { $0.contains("│" + cli.dropFirst("apix: ".count)) }, "\(cli)")
        }
    }

    @Test(
        "phases that did not take place read — in both (clear text: tls; a reused connection: dns, connect, tls)",
        arguments: [false, true])
    func skippedPhases(reused: Bool) throws {
        var metrics = Self.metrics
        metrics.tls = .zero
        if reused {
            metrics.reusedConnection = true
            metrics.dns = .microseconds(3)
            metrics.connect = .microseconds(2)
        }
        let response = Self.response(metrics: metrics)
        let cli = RunCommand.timingLines(response.metrics)
        let phases = try Self.line(try Self.screen(.success(response)), containing: "dns ")
        let skipped = reused ? ["dns", "connect", "tls"] : ["tls"]
        for label in ["dns", "connect", "tls", "send", "wait"] {
            let row = try #require(cli.first { $0.hasPrefix("  " + label + " ") })
            #expect(row.hasSuffix(" —") == skipped.contains(label), "\(row)")
            #expect(phases.contains("\(label) —") == skipped.contains(label), "\(phases)")
        }
    }

    @Test("phases: the same labels in the same order, the same total, the same facts line")
    func timings() throws {
        let response = Self.response()
        let cli = RunCommand.timingLines(response.metrics)
        let lines = try Self.screen(.success(response))
        let waterfall = try Self.line(lines, containing: "│time ")
        let phases = try Self.line(lines, containing: "dns ")
        // `  dns       1.20 ms` → ("dns", "1.20 ms"); the last line is the facts.
        let rows = cli.dropLast().map { line -> (String, String) in
            let label = String(line.dropFirst(2).prefix(10)).trimmingCharacters(in: .whitespaces)
            return (label, String(line.dropFirst(12)))
        }
        #expect(rows.map(\.0) == Metrics.Phase.allCases.map(\.label) + [Metrics.totalLabel])
        #expect(rows.map(\.0) == ["dns", "connect", "tls", "send", "wait", "transfer", "total"])
        var from = phases.startIndex
        for (label, value) in rows.dropLast() {
            let found = try #require(phases.range(of: "\(label) \(value)", range: from..<phases.endIndex), "\(label)")
            from = found.upperBound
        }
        let total = try #require(rows.last)
        #expect(waterfall.contains(" total \(total.1)"), "\(waterfall)")
        let facts = try #require(cli.last).trimmingCharacters(in: .whitespaces)
        #expect(
            facts == "↑ 2.00 KiB 16.7 KiB/s · ↓ 3.00 MiB 10.0 MiB/s · new connection · 1 redirect (0.00 ms)"
                + " · queued 5.00 ms (#2 in line)")
        #expect(try Self.line(lines, containing: "↑ 2.00 KiB").contains("│" + facts + " "))
    }

    @Test("progress: the TUI's bar stands beside the figures apix run prints, percent clamped")
    func progress() throws {
        let events = [
            TransferProgress(sent: 512, sendTotal: 2048, received: 0, requestStarted: true),
            TransferProgress(sent: 2048, sendTotal: 2048, received: 1 << 20, receiveTotal: 3 << 20),
            TransferProgress(sent: 2048, sendTotal: 2048, received: 2 << 20, receiveTotal: 3 << 20),
        ]
        var upload = TransferRate()
        var download = TransferRate()
        for (i, event) in events.enumerated() {
            upload.record(bytes: event.sent, at: 100 + Double(i + 1))
            download.record(bytes: event.received, at: 100 + Double(i + 1))
        }
        let cli = ProgressReporter.line(try #require(events.last), upload: upload, download: download)
        let parts = cli.components(separatedBy: "   ")
        #expect(parts == ["↑ 2.00 KiB / 2.00 KiB  100%  768 B/s", "↓ 2.00 MiB / 3.00 MiB  66%  1.00 MiB/s  ETA 0:01"])
        let lines = try Self.screen(nil, events: events)
        for part in parts {
            let arrow = String(part.prefix(1))
            let bar = try Self.line(lines, containing: arrow + " [")
            #expect(bar.contains("] " + part.dropFirst(2) + " "), "\(bar)")
        }
        // More than announced (a server that lied about its length): 100 %, never more, in both.
        let over = TransferProgress(received: 150, receiveTotal: 100)
        #expect(ProgressReporter.line(over, upload: TransferRate(), download: TransferRate()).contains("100%"))
        #expect(try Self.line(Self.screen(nil, events: [over]), containing: "↓ [").contains("150 B / 100 B  100%"))
    }
}
