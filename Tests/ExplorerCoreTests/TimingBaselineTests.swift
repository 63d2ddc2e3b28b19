import Testing

@testable import ExplorerCore

/// What an endpoint's answers usually take, and when a send is slow against it (issue 30).
@Suite("Timing baseline")
struct TimingBaselineTests {
    @Test("the median of an odd and an even count; fewer than three answers make none")
    func median() throws {
        let odd = try #require(TimingBaseline(totals: [.milliseconds(300), .milliseconds(10), .milliseconds(20)]))
        #expect(odd.median == .milliseconds(20))
        #expect(odd.samples == 3)
        let even = try #require(
            TimingBaseline(totals: [.milliseconds(10), .milliseconds(40), .milliseconds(20), .milliseconds(30)]))
        #expect(even.median == .milliseconds(25))
        #expect(TimingBaseline(totals: [.milliseconds(1), .milliseconds(2)]) == nil)
    }

    @Test("slow only past twice the median, never against a zero median")
    func slow() throws {
        let baseline = try #require(TimingBaseline(totals: Array(repeating: .milliseconds(120), count: 5)))
        #expect(baseline.slowNote(total: .milliseconds(240)) == nil)
        #expect(baseline.slowNote(total: .milliseconds(241)) == "2.0× its usual 120.0 ms")
        #expect(baseline.slowNote(total: .milliseconds(288)) == "2.4× its usual 120.0 ms")
        #expect(baseline.slowNote(total: .milliseconds(12)) == nil)
        let zero = try #require(TimingBaseline(totals: Array(repeating: .zero, count: 3)))
        #expect(zero.slowNote(total: .seconds(1)) == nil)
    }
}
