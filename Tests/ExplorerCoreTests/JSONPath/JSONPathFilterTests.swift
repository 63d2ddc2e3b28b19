import Foundation
import Testing

@testable import ExplorerCore

/// A JSONPath query as a filter on a body (the explorer's `f`): the matches as one JSON array, their count in
/// words, a located error for a query that does not parse, and cancellation.
@Suite("JSONPath filter on a body")
struct JSONPathFilterTests {
    static let body = try! JSONValue.parse(#"{"items": [{"id": 1, "done": true}, {"id": 2}], "total": 2}"#)

    @Test("the selected values, in order, as one JSON array; the count in words")
    func matches() throws {
        let filter = try JSONPath.Filter.run("$.items[*].id", on: Self.body).get()
        #expect(String(decoding: filter.result, as: UTF8.self) == "[1,2]")
        #expect(filter.matchCount == 2 && filter.summary == "2 matches")
        #expect(try JSONPath.Filter.run("$.total", on: Self.body).get().summary == "1 match")
        #expect(try JSONPath.Filter.run("$.nothing", on: Self.body).get().summary == "no match")
        #expect(
            String(decoding: try JSONPath.Filter.run("$.items[?@.done]", on: Self.body).get().result, as: UTF8.self)
                == #"[{"id":1,"done":true}]"#)
    }

    @Test("a query that does not parse fails with the column where reading stopped")
    func located() throws {
        let failure = try #require(try? JSONPath.Filter.run("$.items[?@.id ==]", on: Self.body).failure)
        #expect(failure.column == 17)
        #expect(failure.description.hasPrefix("invalid JSONPath at column 17"))
    }

    @Test("a cancelled evaluation stops with CancellationError")
    func cancelled() async throws {
        let big = JSONValue.array((0..<2_000).map { .object(JSONObject([("id", .number(String($0)))])) })
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try JSONPath.Filter.run("$..id", on: big)
        }
        await #expect(throws: CancellationError.self) { try await task.value }
    }
}

/// Nested filters multiply the work (each candidate runs the inner query again): a short query must stop at the
/// evaluator's step limit with a reason, never spin. The first query is the input the JSONPath fuzz target timed out
/// on (27 s and 480 MB for 95 bytes before the limit; its two 0xFF bytes read as U+FFFD).
@Suite("JSONPath step limit")
struct JSONPathStepLimitTests {
    static let fuzzed =
        "$[?$[?$..[-4:]][?$..[-4:][?$[?$[?$[?$..[-4:]][?$..[-4:][?$[?$..[-4:]][?$.\u{FFFD}]]]]..[-4:]][?$.\u{FFFD}]]]]"
    /// The input a 10 M run timed out on (2026-11-30): 102 bytes, a million steps took over 10 s under the
    /// sanitizers (1.2 s in a debug build, stopped at the limit).
    static let fuzzedAgain =
        "$[?$.a[?$[?$][?$.a[?$[?$[?$.a[?$[?$][?$.a[?$[?$].*..*].*].*..*.z..*].*].*].*..*],*].*..*.z..*].*].*..*"
    static let document = try! JSONValue.parse(
        #"{"a":[1,2.5,-3e2,"x",true,null,{"b":"y","c":[{"d":1}]}],"e":{"f":"g","h":[]},"":0}"#)

    @Test(
        "a query past the limit stops with tooManySteps",
        arguments: [fuzzed, fuzzedAgain, "$..[?$..[?$..[?$..[?$..*]]]]"])
    func stops(query: String) throws {
        let tape = try JSONTape(data: Data(Self.document.serialized().utf8))
        let path = try JSONPath(query)
        do throws(JSONPathStop) {
            _ = try path.evaluate(in: tape, stepLimit: 100_000)
            Issue.record("\(query) finished under the limit")
        } catch {
            guard case .tooManySteps(let limit) = error else {
                Issue.record("stopped for \(error)")
                return
            }
            #expect(limit == 100_000)
            #expect(error.description.hasPrefix("query too expensive: stopped after 100000 steps"))
        }
    }

    @Test("an honest query under the limit gives its nodes")
    func honest() throws {
        let tape = try JSONTape(data: Data(Self.document.serialized().utf8))
        let nodes = try JSONPath("$..[?@.d == 1].d").evaluate(in: tape, stepLimit: 100_000)
        #expect(nodes.count == 1)
    }

    @Test("the limit grows with the document: a plain $..* over 600,000 values (1.2 M steps) is not stopped")
    func scaled() throws {
        let text = "[" + Array(repeating: "0", count: 600_000).joined(separator: ",") + "]"
        let tape = try JSONTape(data: Data(text.utf8))
        #expect(try JSONPath("$..*").evaluate(in: tape).count == 600_000)
    }

    @Test("the body filter reports the limit as its own failure, in words")
    func filter() throws {
        let failure = try #require(try? JSONPath.Filter.run(Self.fuzzed, on: Self.document).failure)
        guard case .tooExpensive(let reason) = failure else {
            Issue.record("failed as \(failure)")
            return
        }
        #expect(reason.contains("query too expensive"))
    }
}
