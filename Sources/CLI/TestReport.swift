import ExplorerCore
import Foundation

/// How `apix test` words its results: a line per endpoint (and one per failed check), the summary, `--json`, and
/// the JUnit XML that CI systems read (one `testcase` per endpoint; a failed check is a `failure`, no response an
/// `error`).
struct TestReport {
    let profile: String
    let steps: [ChainStep]
    let skipped: [String]
    let stopped: String?
    let duration: TimeInterval
    /// `--repeat`: `--json` adds each endpoint's percentiles (`timings`).
    var repeated = false

    /// Endpoints chosen or needed that answered and passed every check.
    var passed: Int { steps.filter(\.passed).count }
    var failed: Int { steps.count - passed }

    /// `3 passed, 1 failed` (and what was not sent, and why).
    var summaryLine: String {
        var line = "\(passed) passed, \(failed) failed"
        if !skipped.isEmpty { line += ", \(skipped.count) not sent" }
        if let stopped { line += " (\(stopped))" }
        return line
    }

    /// `✓ items.list  HTTP/1.1 200 OK · 12 ms · 210 B  4/4 checks`, then the failed checks indented.
    static func lines(for step: ChainStep) -> [String] {
        let mark = step.passed ? "✓" : "✗"
        let prefix = step.isPrerequisite ? "\(mark) \(step.endpointID) (needed first)" : "\(mark) \(step.endpointID)"
        switch step.result {
        case .failure(let error):
            return ["\(prefix)  \(error.summary)"]
        case .success(let response):
            var line = "\(prefix)  \(response.summaryLine())"
            if !step.checks.isEmpty {
                line += "  \(step.checks.filter(\.passed).count)/\(step.checks.count) checks"
            }
            var lines = [line]
            lines += step.checks.filter { !$0.passed }.map { "    \($0.description)" }
            // Worded by the check itself, unless `expect: { schema: true }` already said it as a check.
            if !step.checks.contains(where: { $0.subject == "schema" }) {
                lines += (step.schema?.lines ?? []).map { "    ✗ \($0)" }
            }
            lines += step.captureFailures.map { "    no value captured: \(SafeText.escape($0))" }
            return lines
        }
    }

    // MARK: - JSON

    func json() -> JSONValue {
        let results: [JSONValue] = steps.map { step in
            var members: [(key: String, value: JSONValue)] = [
                (key: "endpoint", value: .string(step.endpointID)),
                (key: "needed_first", value: .bool(step.isPrerequisite)),
                (key: "passed", value: .bool(step.passed)),
            ]
            switch step.result {
            case .failure(let error):
                members.append((key: "error", value: .string(error.summary)))
            case .success(let response):
                members.append((key: "status", value: .number(String(response.statusCode))))
                members.append(
                    (key: "time_ms", value: .number(String(format: "%.3f", response.metrics.total.seconds * 1000))))
                // A streamed answer's timing, as `apix run --json` gives it (`StreamMetrics.jsonObject`).
                if let stream = response.stream { members.append((key: "stream", value: stream.jsonObject)) }
            }
            members.append((key: "checks", value: Self.checksJSON(step.checks)))
            if let schema = step.schema { members.append((key: "schema", value: Self.schemaJSON(schema))) }
            if !step.captureFailures.isEmpty {
                members.append((key: "capture_failures", value: .array(step.captureFailures.map { .string($0) })))
            }
            return .object(JSONObject(members))
        }
        var members: [(key: String, value: JSONValue)] = [
            (key: "profile", value: .string(profile)),
            (key: "passed", value: .number(String(passed))),
            (key: "failed", value: .number(String(failed))),
            (key: "not_sent", value: .array(skipped.map { .string($0) })),
            (key: "results", value: .array(results)),
        ]
        if let stopped { members.append((key: "stopped", value: .string(stopped))) }
        if repeated { members.append((key: "timings", value: TestTimings(steps).json())) }
        return .object(JSONObject(members))
    }

    /// The `checks` array of `apix run --json` and `apix test --json`.
    static func checksJSON(_ checks: [CheckResult]) -> JSONValue {
        .array(
            checks.map { check in
                [
                    "subject": .string(check.subject), "expected": .string(check.expected),
                    "actual": .string(check.actual), "passed": .bool(check.passed),
                ]
            })
    }

    /// The `schema` object of `apix run --json` and `apix test --json`: `{ name, valid, violations[] }`, each
    /// violation `{ path, schema_location, message }` (the path a JSONPath); `status` is the `responses:` key that
    /// chose the schema, `violation_count` counts those left out too, `error` says why the answer was not checked.
    static func schemaJSON(_ schema: SchemaCheck) -> JSONValue {
        var members: [(key: String, value: JSONValue)] = [
            (key: "name", value: .string(schema.name)),
            (key: "status", value: .string(schema.status)),
            (key: "valid", value: .bool(schema.isValid)),
            (
                key: "violations",
                value: .array(
                    schema.violations.map { violation in
                        [
                            "path": .string(violation.instanceLocation),
                            "schema_location": .string(violation.schemaLocation),
                            "message": .string(violation.message),
                        ]
                    })
            ),
        ]
        if let validation = schema.validation {
            members.append((key: "violation_count", value: .number(String(validation.violationCount))))
            if let stopped = validation.stopped { members.append((key: "stopped", value: .string(stopped))) }
        }
        if let problem = schema.problem { members.append((key: "error", value: .string(problem))) }
        return .object(JSONObject(members))
    }

    // MARK: - JUnit

    /// A JUnit XML document: one suite (the profile), one test case per endpoint sent, `skipped` for those not.
    func junitXML() -> String {
        let total = steps.count + skipped.count
        let errors = steps.filter { if case .failure = $0.result { true } else { false } }.count
        let failures = failed - errors
        var xml = #"<?xml version="1.0" encoding="UTF-8"?>"# + "\n"
        let counts = #"tests="\#(total)" failures="\#(failures)" errors="\#(errors)" skipped="\#(skipped.count)""#
        let time = String(format: "%.3f", duration)
        xml += #"<testsuites name="apix test" \#(counts) time="\#(time)">"# + "\n"
        xml += #"  <testsuite name="\#(Self.escape(profile))" \#(counts) time="\#(time)">"# + "\n"
        for step in steps {
            var seconds = 0.0
            var properties = ""
            switch step.result {
            case .success(let response):
                seconds = response.metrics.total.seconds
                properties = TestTimings.junitProperties(response.metrics)
            case .failure(let error):
                // The time it took to fail (a timeout's limit), not 0.
                seconds = error.metrics.total.seconds
            }
            let name = step.isPrerequisite ? "\(step.endpointID) (needed first)" : step.endpointID
            let open =
                #"    <testcase classname="\#(Self.escape(profile))" name="\#(Self.escape(name))" "#
                + #"time="\#(String(format: "%.3f", seconds))""#
            switch step.result {
            case .failure(let error):
                xml += open + ">\n"
                xml += #"      <error message="\#(Self.escape(error.summary))" type="no_response"/>"# + "\n"
                xml += "    </testcase>\n"
            case .success where step.passed:
                xml += open + ">\n" + properties + "    </testcase>\n"
            case .success:
                let failedChecks =
                    step.checks.filter { !$0.passed }.map(\.description)
                    + (step.schema?.lines ?? []) + step.captureFailures.map { "no value captured: \($0)" }
                let message = failedChecks.first ?? "failed"
                xml += open + ">\n" + properties
                xml += #"      <failure message="\#(Self.escape(message))" type="check">"#
                xml += Self.escape(failedChecks.joined(separator: "\n")) + "</failure>\n"
                xml += "    </testcase>\n"
            }
        }
        for id in skipped {
            xml +=
                #"    <testcase classname="\#(Self.escape(profile))" name="\#(Self.escape(id))" time="0"><skipped/></testcase>"#
            xml += "\n"
        }
        xml += "  </testsuite>\n</testsuites>\n"
        return xml
    }

    /// Text for XML 1.0 attributes and content: markup characters as entities, characters XML cannot hold dropped.
    static func escape(_ text: String) -> String {
        var output = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": output += "&amp;"
            case "<": output += "&lt;"
            case ">": output += "&gt;"
            case "\"": output += "&quot;"
            case "'": output += "&apos;"
            case "\t", "\n", "\r": output.unicodeScalars.append(scalar)
            case _ where scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF: output += "\u{FFFD}"
            default: output.unicodeScalars.append(scalar)
            }
        }
        return output
    }
}
