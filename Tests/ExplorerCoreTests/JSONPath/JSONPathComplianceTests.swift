import Foundation
import Testing

@testable import ExplorerCore

/// The RFC 9535 compliance suite (`Fixtures/jsonpath-cts`, an unmodified copy of jsonpath-compliance-test-suite):
/// every valid query selects exactly the listed values at the listed normalized paths, every invalid one is refused.
@Suite("JSONPath compliance (RFC 9535 CTS)")
struct JSONPathComplianceTests {
    /// Cases knowingly left out, with the reason. Empty: every case passes.
    static let knownExceptions: [String: String] = [:]

    struct Case {
        let name: String
        let selector: String
        let document: JSONValue?
        let invalid: Bool
        /// One list of values, or several when the RFC allows more than one order.
        let results: [[JSONValue]]
        let paths: [[String]]
    }

    static func loadCases() throws -> [Case] {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/jsonpath-cts/cts.json")
        let suite = try JSONValue.parse(Data(contentsOf: url))
        return try #require(suite["tests"]?.arrayValue).map { test in
            let results: [[JSONValue]] =
                test["result"].map { [$0.arrayValue ?? []] }
                ?? (test["results"]?.arrayValue ?? []).map {
                    $0.arrayValue ?? []
                }
            let pathLists: [JSONValue] = test["result_paths"].map { [$0] } ?? (test["results_paths"]?.arrayValue ?? [])
            return Case(
                name: test["name"]?.stringValue ?? "?",
                selector: test["selector"]?.stringValue ?? "",
                document: test["document"],
                invalid: test["invalid_selector"]?.boolValue ?? false,
                results: results,
                paths: pathLists.map { ($0.arrayValue ?? []).compactMap(\.stringValue) })
        }
    }

    @Test("the suite is all there: 703 cases, 247 of them invalid selectors")
    func suiteSize() throws {
        let cases = try Self.loadCases()
        #expect(cases.count == 703)
        #expect(cases.filter(\.invalid).count == 247)
    }

    @Test("every case of the compliance suite passes")
    func compliance() throws {
        var passed = 0
        for testCase in try Self.loadCases() where Self.knownExceptions[testCase.name] == nil {
            if check(testCase) { passed += 1 }
        }
        #expect(passed == 703 - Self.knownExceptions.count)
    }

    @Test("every valid case selects the same on a JSONTape of the document (how checks read bodies)")
    func complianceOnTape() throws {
        var passed = 0
        var valid = 0
        for testCase in try Self.loadCases() where !testCase.invalid && Self.knownExceptions[testCase.name] == nil {
            valid += 1
            guard let document = testCase.document, let path = try? JSONPath(testCase.selector),
                let tape = try? JSONTape(data: Data(document.serialized(pretty: true).utf8)),
                let nodes = try? path.evaluate(in: tape, tracksLocations: true)
            else {
                Issue.record("\(testCase.name): no document, or the tape or selection failed")
                continue
            }
            let values = nodes.map { tape.value(at: $0.node) }
            let paths = nodes.map { JSONPathNode(value: .null, location: $0.location).path }
            let matched = zip(testCase.results, testCase.paths).contains { expected, expectedPaths in
                expected.count == values.count && zip(expected, values).allSatisfy { JSONPathComparison.equal($0, $1) }
                    && expectedPaths == paths
            }
            if matched {
                passed += 1
            } else {
                Issue.record(
                    "\(testCase.name): \(testCase.selector.debugDescription) gave \(paths) \(values) on a tape")
            }
        }
        #expect(passed == valid && valid == 703 - 247)
    }

    private func check(_ testCase: Case) -> Bool {
        let path: JSONPath
        do {
            path = try JSONPath(testCase.selector)
        } catch {
            if !testCase.invalid {
                Issue.record("\(testCase.name): \(testCase.selector.debugDescription) refused: \(error)")
            }
            return testCase.invalid
        }
        guard !testCase.invalid else {
            Issue.record("\(testCase.name): \(testCase.selector.debugDescription) should be refused")
            return false
        }
        guard let document = testCase.document, let nodes = try? path.select(in: document) else {
            Issue.record("\(testCase.name): no document or selection cancelled")
            return false
        }
        let values = nodes.map(\.value)
        let paths = nodes.map(\.path)
        let matched = zip(testCase.results, testCase.paths).contains { expected, expectedPaths in
            expected.count == values.count && zip(expected, values).allSatisfy { JSONPathComparison.equal($0, $1) }
                && expectedPaths == paths
        }
        if !matched {
            Issue.record(
                "\(testCase.name): \(testCase.selector.debugDescription) gave \(paths) \(values), expected \(testCase.paths)"
            )
        }
        return matched
    }
}
