import Testing

@testable import ExplorerCore

@Suite("WebSocket close wait: silence ends it, a ceiling bounds it")
struct WebSocketCloseWaitTests {
    static let second: UInt64 = 1_000_000_000

    @Test("Not started: never over; started: over after the silence, with the silence's reason")
    func silence() {
        var wait = WebSocketCloseWait(silence: .seconds(5), ceiling: .seconds(30))
        #expect(!wait.isOver(at: 100 * Self.second))
        wait.heard(at: 1)  // before the close: nothing to wait for yet
        #expect(wait.deadline == nil)
        wait.start(at: 10 * Self.second)
        wait.start(at: 12 * Self.second)  // a second start changes nothing
        #expect(!wait.isOver(at: 14 * Self.second))
        #expect(wait.isOver(at: 15 * Self.second))
        #expect(wait.failure == "the server did not answer the close within 5 s")
    }

    @Test("Each byte heard starts the silence again, up to the ceiling, whose reason says the server kept talking")
    func ceiling() {
        var wait = WebSocketCloseWait(silence: .seconds(5), ceiling: .seconds(30))
        wait.start(at: 0)
        for second in stride(from: UInt64(4), through: 24, by: 4) {
            wait.heard(at: second * Self.second)
            #expect(!wait.isOver(at: (second + 4) * Self.second))
        }
        #expect(wait.isOver(at: 29 * Self.second))  // heard at 24 s: 5 s of silence
        #expect(wait.failure.contains("did not answer"))
        wait.heard(at: 28 * Self.second)
        #expect(wait.deadline == 30 * Self.second)
        #expect(wait.isOver(at: 30 * Self.second))
        #expect(wait.failure == "the server kept sending for 30 s without answering the close")
    }

    @Test("An exchange timeout shorter than either bound cuts both; 0 or none keeps the settings'")
    func timeout() {
        let settings = WebSocketSettings()
        let short = WebSocketCloseWait(settings, timeout: .seconds(3))
        #expect(short.silence == .seconds(3) && short.ceiling == .seconds(3))
        let middle = WebSocketCloseWait(settings, timeout: .seconds(10))
        #expect(middle.silence == .seconds(5) && middle.ceiling == .seconds(10))
        for timeout in [nil, Duration.zero] {
            let plain = WebSocketCloseWait(settings, timeout: timeout)
            #expect(plain.silence == .seconds(5) && plain.ceiling == .seconds(30))
        }
        var fractional = WebSocketCloseWait(silence: .milliseconds(500), ceiling: .seconds(1))
        fractional.start(at: 0)
        #expect(fractional.failure == "the server did not answer the close within 0.5 s")
    }
}
