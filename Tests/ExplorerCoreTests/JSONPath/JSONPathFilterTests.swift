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
