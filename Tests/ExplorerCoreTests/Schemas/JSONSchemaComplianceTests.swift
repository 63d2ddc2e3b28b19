import Foundation
import Testing

@testable import ExplorerCore

/// The JSON Schema Test Suite (`Fixtures/jsonschema-suite`, an unmodified copy of json-schema-org's suite):
/// every required test of the 2020-12 and draft 4 folders passes; the optional folders are run and their count
/// printed, held above the floor measured when they were first run.
@Suite("JSON Schema compliance (JSON Schema Test Suite)")
struct JSONSchemaComplianceTests {
    /// Required tests knowingly left out, with the reason (also in docs/SCHEMAS.md). Empty: every one passes.
    static let knownExceptions: [String: String] = [:]

    static let suite = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/jsonschema-suite")

    struct Outcome {
        var passed = 0
        var failed: [String] = []
    }

    /// The remotes, named as the suite's README says they are served.
    static func remotes() throws -> [(uri: String, document: JSONValue)] {
        let root = suite.appendingPathComponent("remotes")
        let files =
            FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)?
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "json" } ?? []
        return try files.sorted { $0.path < $1.path }.map { file in
            let relative = String(file.standardizedFileURL.path.dropFirst(root.standardizedFileURL.path.count + 1))
            return ("http://localhost:1234/" + relative, try JSONValue.parse(Data(contentsOf: file)))
        }
    }

    static func files(_ folder: String, optional: Bool) -> [URL] {
        let root = suite.appendingPathComponent("tests/\(folder)")
        let all =
            FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)?
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "json" } ?? []
        return all.filter { $0.path.contains("/optional/") == optional }.sorted { $0.path < $1.path }
    }

    static func run(_ folder: String, dialect: SchemaDialect, optional: Bool) throws -> Outcome {
        let remotes = try remotes()
        var outcome = Outcome()
        for file in files(folder, optional: optional) {
            let formatAsserted = file.path.contains("/optional/format/")
            let groups = try #require(JSONValue.parse(Data(contentsOf: file)).arrayValue)
            for group in groups {
                let groupName = "\(file.lastPathComponent): \(group["description"]?.stringValue ?? "?")"
                let tests = group["tests"]?.arrayValue ?? []
                let schema: CompiledSchema
                do {
                    schema = try CompiledSchema(group["schema"] ?? .null, dialect: dialect, documents: remotes)
                } catch {
                    for test in tests {
                        outcome.failed.append("\(groupName): \(test["description"]?.stringValue ?? "?"): \(error)")
                    }
                    continue
                }
                for test in tests {
                    let name = "\(groupName): \(test["description"]?.stringValue ?? "?")"
                    let expected = test["valid"]?.boolValue ?? false
                    let result = schema.validate(
                        test["data"] ?? .null, options: SchemaOptions(formatAssertion: formatAsserted))
                    let quick = schema.isValid(
                        test["data"] ?? .null, options: SchemaOptions(formatAssertion: formatAsserted))
                    if result.isValid == expected && quick == expected && result.isValid == result.violations.isEmpty {
                        outcome.passed += 1
                    } else if knownExceptions[name] == nil {
                        outcome.failed.append("\(name): expected \(expected ? "valid" : "invalid"), got \(result)")
                    }
                }
            }
        }
        return outcome
    }

    @Test("every required 2020-12 test passes (1,299)")
    func draft2020() throws {
        let outcome = try Self.run("draft2020-12", dialect: .draft2020, optional: false)
        for failure in outcome.failed { Issue.record(Comment(rawValue: failure)) }
        #expect(outcome.passed == 1_299 - Self.knownExceptions.count)
    }

    @Test("every required draft 4 test passes (618)")
    func draft4() throws {
        let outcome = try Self.run("draft4", dialect: .draft4, optional: false)
        for failure in outcome.failed { Issue.record(Comment(rawValue: failure)) }
        #expect(outcome.passed == 618)
    }

    @Test("the optional tests are run and counted")
    func optional() throws {
        let modern = try Self.run("draft2020-12", dialect: .draft2020, optional: true)
        let old = try Self.run("draft4", dialect: .draft4, optional: true)
        print("JSON Schema optional tests: 2020-12 \(modern.passed)/926, draft 4 \(old.passed)/319")
        for failure in modern.failed + old.failed { print("  optional: \(failure)") }
        // Floors a little under the counts measured (684–685 and 288–289; a pattern near its work bound may pass
        // or not on a loaded machine): a change that loses optional tests is noticed.
        #expect(modern.passed >= 680)
        #expect(old.passed >= 285)
    }
}
