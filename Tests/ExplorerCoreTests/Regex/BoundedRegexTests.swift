import Foundation
import Testing

@testable import ExplorerCore

/// Regular expressions on what a server sent end, whatever the pattern: a catastrophic one is stopped by its
/// budget and said so, in checks, captures and JSONPath filters whose pattern comes from the body itself.
@Suite("Bounded regular expressions")
struct BoundedRegexTests {
    /// Exponential backtracking in every backtracking engine: `(a+)+` splits the run of a's every way before `$`
    /// fails on the final `b` (2^40 ways here, hours of work unbounded).
    static let catastrophic = "(a+)+$"
    static let victim = String(repeating: "a", count: 40) + "b"

    @Test("a catastrophic pattern is stopped by its budget and named")
    func stopped() throws {
        let regex = try #require(BoundedRegex(Self.catastrophic))
        var budget = RegexBudget(limit: .milliseconds(50))
        #expect(throws: RegexTooExpensive(pattern: Self.catastrophic, limit: .milliseconds(50))) {
            _ = try regex.firstMatch(in: Self.victim, budget: &budget)
        }
        #expect(budget.remainingNanoseconds == 0)
        #expect(
            RegexTooExpensive(pattern: Self.catastrophic, limit: .seconds(1)).description
                == "pattern too expensive: /(a+)+$/ was stopped after 1 s of matching")
    }

    @Test("a spent budget refuses the next pattern at once, even a cheap one")
    func spentBudget() throws {
        let regex = try #require(BoundedRegex(Self.catastrophic))
        var budget = RegexBudget(limit: .milliseconds(20))
        _ = try? regex.firstMatch(in: Self.victim, budget: &budget)
        let cheap = try #require(BoundedRegex("b"))
        #expect(throws: RegexTooExpensive.self) { _ = try cheap.firstMatch(in: "abc", budget: &budget) }
    }

    @Test("honest patterns match as before, on a large text too, and report the group")
    func honest() throws {
        let large = String(repeating: "abcdefgh", count: 200_000) + "token=xyz;"
        #expect(try TextPattern.found("token=[a-z]+;", in: large) == true)
        #expect(try TextPattern.found("nothere", in: large) == false)
        #expect(try TextPattern.firstCapture("token=([a-z]+)", in: large) == "xyz")
        #expect(try TextPattern.found("(", in: "x") == nil)
        #expect(try TextPattern.found(Self.catastrophic, in: "aaaa") == true)
    }

    @Test("a check whose JSONPath filter takes its pattern from the body fails, saying the pattern was too expensive")
    func checkWithPatternFromBody() throws {
        let body = #"{"items": [{"name": "\#(Self.victim)"}], "pattern": "\#(Self.catastrophic)"}"#
        let expectation = try ExpectationCheckerTests.expectation(
            """
            json:
              "$.items[?search(@.name, $.pattern)]": { exists: true }
              "$.items[0].name": { matches: "(a+)+$" }
            """)
        let results = ExpectationChecker.check(expectation, against: ExpectationCheckerTests.response(body: body))
        #expect(results.count == 2)
        #expect(results.allSatisfy { !$0.passed })
        #expect(results[0].subject == "$.items[?search(@.name, $.pattern)]")
        #expect(results[0].actual == "pattern too expensive: /(a+)+$/ was stopped after 1 s of matching")
        #expect(results[1].actual.hasPrefix("pattern too expensive"))
    }

    @Test("a capture whose pattern is too expensive is a failure, not a value")
    func capture() throws {
        let response = ExpectationCheckerTests.response(
            headers: [("Content-Type", "text/plain")], body: Self.victim)
        let capture = Capture(name: "run", source: .body, regex: Self.catastrophic)
        let outcome = CaptureExtractor.extract([capture], from: response, endpointID: "e", at: Date())
        #expect(outcome.values.isEmpty)
        #expect(outcome.failures == ["run: pattern too expensive: /(a+)+$/ was stopped after 1 s of matching"])
    }

    @Test("JSONPath.select counts a too expensive pattern as no match and ends")
    func publicSelect() throws {
        let document = try JSONValue.parse(
            Data(#"[{"name": "\#(Self.victim)"}, {"name": "\#(Self.victim)"}, {"name": "b"}]"#.utf8))
        let nodes = try JSONPath(#"$[?search(@.name, '(a+)+$|^b$')]"#).select(in: document)
        #expect(nodes.count <= 1)
    }
}
