import Foundation
import Testing

@testable import ExplorerCore

/// What the compliance suite does not cover: error columns, normalized paths of awkward names, cancellation.
@Suite("JSONPath queries")
struct JSONPathTests {
    @Test("an invalid query is refused with the column where reading stopped")
    func locatedErrors() {
        #expect(throws: JSONPathError.self) { try JSONPath("$.a[") }
        do {
            _ = try JSONPath("$.items[?@.price <]")
            Issue.record("accepted")
        } catch {
            #expect(error.column == 19)
            #expect(error.description.hasPrefix("invalid JSONPath at column 19:"))
        }
        do {
            _ = try JSONPath("$[?length(@.*) == 1]")
            Issue.record("accepted a non-singular query as a value argument")
        } catch {
            #expect(error.message.contains("singular"))
        }
    }

    @Test(
        "a dotted name with a character the shorthand refuses (`-`, `:`) says how to bracket it",
        arguments: [
            ("$.headers.X-Request-Id", "$.headers['X-Request-Id']"),
            ("$.a.b-c.d[0]", "$.a['b-c'].d[0]"),
            ("$.data.user:name", "$.data['user:name']"),
            ("$.data.é-x", "$.data['é-x']"),
        ])
    func bracketHint(_ query: String, _ fixed: String) throws {
        do {
            _ = try JSONPath(query)
            Issue.record("accepted \(query)")
        } catch {
            #expect(error.message.hasSuffix("; a name with it is written in brackets: \(fixed)"), "\(error)")
            // The fix is a query that reads.
            #expect(throws: Never.self) { try JSONPath(fixed) }
        }
    }

    @Test("no bracket hint where none applies: after a bracket or a blank, a name with a quote, a descendant")
    func noBracketHint() {
        for query in ["$.a[0]x", "$.a.b'c", "$..a-b", "$.a == 1"] {
            do {
                _ = try JSONPath(query)
                Issue.record("accepted \(query)")
            } catch {
                #expect(!error.message.contains("brackets"), "\(query): \(error)")
            }
        }
    }

    @Test("normalized paths escape quotes, backslashes and control characters")
    func normalizedPaths() throws {
        let document: JSONValue = ["it's", "a\\b", "tab\there", "\u{1}"].reduce(into: .object(JSONObject())) {
            result, key in
            if case .object(var object) = result {
                object.append(key: key, value: 1)
                result = .object(object)
            }
        }
        let paths = try JSONPath("$.*").select(in: document).map(\.path)
        #expect(paths == ["$['it\\'s']", "$['a\\\\b']", "$['tab\\there']", "$['\\u0001']"])
    }

    @Test("a query on a large document stops when its task is cancelled")
    func cancellation() async throws {
        let big = JSONValue.array((0..<200_000).map { .object(JSONObject([(key: "n", value: .number(String($0)))])) })
        let path = try JSONPath("$..n")
        let task = Task { () throws -> Int in
            withUnsafeCurrentTask { $0?.cancel() }
            return try path.select(in: big).count
        }
        await #expect(throws: CancellationError.self) { try await task.value }
        // Not cancelled, the same query completes.
        #expect(try path.select(in: big).count == 200_000)
    }

    @Test("filters compare numbers by value and strings by scalars")
    func comparisons() throws {
        let document: JSONValue = [["price": 1.0, "name": "b"], ["price": 12, "name": "a"], ["name": "c"]]
        #expect(try JSONPath("$[?@.price == 1].name").select(in: document).map(\.value) == ["b"])
        #expect(try JSONPath("$[?@.price > 1].name").select(in: document).map(\.value) == ["a"])
        #expect(try JSONPath("$[?@.name < 'b'].name").select(in: document).map(\.value) == ["a"])
        #expect(try JSONPath("$[?!@.price].name").select(in: document).map(\.value) == ["c"])
    }

    @Test("match() and search() read a pattern by scalars: a class or a dot followed by a combining mark is still one")
    func patternScalars() throws {
        let document: JSONValue = ["x", ".", "\u{301}", "a\u{301}"]
        // [U+0301 .]: one of two characters, not a union with "any but a line end".
        #expect(try JSONPath("$[?match(@, '[\u{301}.]')]").select(in: document).map(\.value) == [".", "\u{301}"])
        // A dot then U+0301: any character, then the mark.
        #expect(try JSONPath("$[?match(@, '.\u{301}')]").select(in: document).map(\.value) == ["a\u{301}"])
        #expect(JSONPathRegex.translate("[\u{301}.].\u{301}") == "[\u{301}.][^\\n\\r]\u{301}")
    }
}
