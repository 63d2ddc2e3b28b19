import ExplorerBench
import Foundation
import Testing

@testable import ExplorerCore
@testable import TUI

/// The TUI's bench (`b`): the form's parsing, the state as keys and the run's figures change it, and the frame it
/// draws in the response pane.
@Suite("Bench view: the form, the state and the frame")
struct BenchViewTests {
    @Test(
        "the form's fields read as apix bench's flags do: a count or a time, 1 to 10000 connections, a positive rate",
        arguments: [
            ("", "", "", BenchSettings(stop: .count(200))),
            ("500", "4", "", BenchSettings(stop: .count(500), connections: 4)),
            ("10,000", "1", "", BenchSettings(stop: .count(10_000))),
            ("1_000", "", "25", BenchSettings(stop: .count(1000), rate: 25)),
            ("30s", "2", "", BenchSettings(stop: .duration(.seconds(30)), connections: 2)),
            (" 2m ", "", "0.5", BenchSettings(stop: .duration(.seconds(120)), rate: 0.5)),
        ])
    func formParsing(requests: String, connections: String, rate: String, expected: BenchSettings) throws {
        #expect(try BenchSettings.parse(requests: requests, connections: connections, rate: rate) == expected)
    }

    @Test(
        "a wrong field is named with what it takes",
        arguments: [
            ("0", "", "", BenchSettings.Field.requests), ("ten", "", "", .requests), ("-5", "", "", .requests),
            ("99999999999999999999999", "", "", .requests), ("", "0", "", .connections),
            ("", "10001", "", .connections), ("", "2.5", "", .connections), ("", "", "-1", .rate),
            ("", "", "fast", .rate), ("", "", "inf", .rate),
        ])
    func formErrors(requests: String, connections: String, rate: String, field: BenchSettings.Field) {
        #expect(throws: BenchSettings.InputError.self) {
            try BenchSettings.parse(requests: requests, connections: connections, rate: rate)
        }
        do {
            _ = try BenchSettings.parse(requests: requests, connections: connections, rate: rate)
        } catch {
            #expect(error.field == field)
            #expect(!error.message.isEmpty)
        }
    }

    /// The settings of the `.startBench` effect among `effects`, if one is there.
    static func started(_ effects: [Effect]) -> (id: Int, BenchSettings)? {
        for effect in effects {
            if case .startBench(let id, _, let settings) = effect { return (id, settings) }
        }
        return nil
    }

    static func stopped(_ effects: [Effect]) -> Int? {
        for effect in effects {
            if case .stopBench(let id) = effect { return id }
        }
        return nil
    }

    /// A snapshot of `count` answers of 200 (and one failure, of kind `auth`) recorded by the engine's own recorder.
    static func snapshot(count: Int) -> BenchSnapshot {
        let start = ContinuousClock.now
        let recorder = BenchRecorder(started: start)
        for index in 0..<count {
            let response = Fixtures.jsonResponse(#"{"id":7}"#)
            recorder.record(.success(response), due: start, ended: start + .milliseconds(4 + index % 3))
        }
        recorder.record(.failure(ClientError(.auth("no token"))), due: start, ended: start + .milliseconds(5))
        return recorder.snapshot(at: start + .seconds(2))
    }

    @Test("b on an endpoint opens the form; typed fields and Enter start a bench of that endpoint")
    func formStartsBench() throws {
        var state = Fixtures.smallState(width: 120, height: 40)
        state.select("items.get")
        #expect(state.press(.character("b")).isEmpty)
        guard case .benchForm(let form)? = state.overlay else {
            Issue.record("no form: \(String(describing: state.overlay))")
            return
        }
        #expect(form.key == EndpointKey(profile: "shop", endpoint: "items.get"))
        #expect(form.host == "127.0.0.1")
        state.type("300")  // replaces the selected default
        _ = state.press(.tab)
        state.type("3")
        _ = state.press(.tab)
        state.type("40")
        let (id, settings) = try #require(Self.started(state.press(.enter)))
        #expect(settings == BenchSettings(stop: .count(300), connections: 3, rate: 40))
        #expect(state.overlay == nil)
        let bench = try #require(state.shownBench)
        #expect(bench.id == id && bench.isRunning)
        #expect(bench.url == "http://127.0.0.1:9000/items/7")
        #expect(state.isAnimating)
    }

    @Test("a wrong field keeps the form open, says what it takes and focuses it; Esc closes it sending nothing")
    func formError() throws {
        var state = Fixtures.smallState()
        state.select("health")
        _ = state.press(.character("b"), .tab)
        state.type("zero")
        #expect(state.press(.enter).isEmpty)
        guard case .benchForm(let form)? = state.overlay else {
            Issue.record("the form closed")
            return
        }
        #expect(form.focused == 1)
        #expect(form.error?.contains("connections must be a number from 1 to 10000") == true)
        let text = Screen.render(state, theme: .monochrome).text
        #expect(text.contains("connections must be a number from 1 to 10000"), "\(text)")
        #expect(state.press(.escape).isEmpty)
        #expect(state.overlay == nil && state.bench == nil)
    }

    @Test("more than 1,000 requests to a host that is not this machine asks first: y starts, another key goes back")
    func confirmsLargeRunElsewhere() throws {
        var state = Fixtures.smallState(width: 120, height: 40)
        state.chosenEnvironments["shop"] = "prod"
        state.select("health")
        _ = state.press(.character("b"))
        state.type("2000")
        #expect(Self.started(state.press(.enter)) == nil)
        guard case .benchForm(let asking)? = state.overlay, let pending = asking.confirming else {
            Issue.record("no question: \(String(describing: state.overlay))")
            return
        }
        #expect(pending.question.contains("2000 requests to shop.example, which is not this machine"))
        #expect(Screen.render(state, theme: .monochrome).text.contains("which is not this machine"))
        #expect(Self.started(state.press(.character("n"))) == nil)
        guard case .benchForm(let back)? = state.overlay else {
            Issue.record("the form closed")
            return
        }
        #expect(back.confirming == nil && back.fields[0].text == "2000")
        _ = state.press(.enter)
        let (_, settings) = try #require(Self.started(state.press(.character("y"))))
        #expect(settings.stop == .count(2000))
        // At 1,000 or on this machine, no question.
        var local = Fixtures.smallState()
        local.select("health")
        _ = local.press(.character("b"))
        local.type("50000")
        #expect(Self.started(local.press(.enter)) != nil)
    }

    @Test("Esc or q stops a running bench and keeps its figures; a second q then quits")
    func stopKeepsFigures() throws {
        var state = Fixtures.smallState(width: 120, height: 40)
        state.select("items.list")
        _ = state.press(.character("b"))
        state.type("100000")
        let (id, _) = try #require(Self.started(state.press(.enter)))
        _ = state.update(.benchUpdated(id: id, Self.snapshot(count: 30)))
        #expect(state.shownBench?.snapshot?.requests == 31)
        // q stops the bench first instead of quitting.
        let stop = state.press(.character("q"))
        #expect(Self.stopped(stop) == id)
        #expect(!stop.contains { $0.name == "quit" })
        #expect(state.shownBench?.phase == .stopping)
        _ = state.update(.benchFinished(id: id, Self.snapshot(count: 40)))
        let bench = try #require(state.shownBench)
        #expect(bench.phase == .done(stoppedEarly: true))
        #expect(bench.snapshot?.requests == 41)
        #expect(state.message?.text.contains("bench of items.list stopped: 41 requests") == true)
        // Late figures of the stopped run change nothing.
        _ = state.update(.benchUpdated(id: id, Self.snapshot(count: 2)))
        #expect(state.shownBench?.snapshot?.requests == 41)
        #expect(state.press(.character("q")).contains { $0.name == "quit" })
    }

    @Test("q while the stop is on its way quits, stopping the bench with everything else")
    func quitWhileStopping() throws {
        var state = Fixtures.smallState()
        state.select("health")
        _ = state.press(.character("b"))
        let (id, _) = try #require(Self.started(state.press(.enter)))
        #expect(Self.stopped(state.press(.character("q"))) == id)
        let quitting = state.press(.character("q"))
        #expect(quitting.contains { $0.name == "quit" } && Self.stopped(quitting) == id)
    }

    @Test("Esc stops the bench shown; sending its endpoint meanwhile is refused, after the end it takes the pane back")
    func escAndSend() throws {
        var state = Fixtures.smallState(width: 120, height: 40)
        state.select("items.list")
        _ = state.press(.character("b"))
        let (id, _) = try #require(Self.started(state.press(.enter)))
        #expect(state.press(.enter).allSatisfy { $0.name != "send" })
        #expect(state.message?.text.contains("is running") == true)
        #expect(state.press(.character("b")).isEmpty && state.overlay == nil, "one bench at a time")
        #expect(Self.stopped(state.press(.escape)) == id)
        _ = state.update(.benchFinished(id: id, Self.snapshot(count: 3)))
        #expect(state.press(.enter).contains { $0.name == "send" })
        #expect(state.shownBench == nil && state.bench != nil)
    }

    @Test("the frame shows done of planned, req/s, statuses, errors by kind, the five phases' percentiles, bars")
    func frame() throws {
        var state = Fixtures.smallState(width: 120, height: 44)
        state.select("items.list")
        _ = state.press(.character("b"))
        let (id, _) = try #require(Self.started(state.press(.enter)))
        #expect(Screen.render(state, theme: .monochrome).text.contains("starting…"))
        _ = state.update(.benchUpdated(id: id, Self.snapshot(count: 30)))
        let text = Screen.render(state, theme: .monochrome).text
        for expected in [
            "bench running", "GET http://127.0.0.1:9000/items?page=1", "200 requests · 1 at once",
            "31 / 200 requests in 2.00 s (running)", "15.5 req/s", "status   200 ×30",
            "errors   auth ×1", "p50", "p99.9", "max", "dns", "connect", "tls", "ttfb", "total, ms",
            "Esc or q stops",
        ] {
            #expect(text.contains(expected), "\(expected) in:\n\(text)")
        }
        #expect(text.range(of: #"total +[0-9.]+ +[0-9.]+"#, options: .regularExpression) != nil, "\(text)")
        #expect(text.contains("█"), "histogram bars")
        _ = state.update(.benchFinished(id: id, Self.snapshot(count: 200)))
        let done = Screen.render(state, theme: .monochrome).text
        #expect(done.contains("bench done") && done.contains("201 requests in 2.00 s ·"), "\(done)")
        #expect(!done.contains("(running)"))
    }

    @Test("j/k scroll a report taller than the pane, within its lines")
    func scrolling() throws {
        var state = Fixtures.smallState(width: 100, height: 24)
        state.select("items.list")
        _ = state.press(.character("b"))
        let (id, _) = try #require(Self.started(state.press(.enter)))
        _ = state.update(.benchFinished(id: id, Self.snapshot(count: 30)))
        state.focus = .response
        _ = state.press(.character("G"))
        let bottom = try #require(state.shownBench?.top)
        #expect(bottom > 0)
        #expect(Screen.render(state, theme: .monochrome).text.contains("≤"))
        _ = state.press(.character("j"))
        #expect(state.shownBench?.top == bottom)
        _ = state.press(.character("k"), .character("g"))
        #expect(state.shownBench?.top == 0)
    }
}
