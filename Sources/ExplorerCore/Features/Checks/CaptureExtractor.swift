import Foundation

/// Takes an endpoint's `capture:` values from its response.
enum CaptureExtractor {
    /// The longest value kept (in UTF-8 bytes): captures feed headers, paths and queries, and are written to the
    /// state directory, so a query that selects a whole large body is refused rather than kept.
    static let maxValueBytes = 64 << 10

    /// What one response gave: the values found, and why the others were not.
    struct Outcome: Sendable {
        var values: [CapturedValue] = []
        /// `token: $.access_token selected nothing`, one per capture that found no value.
        var failures: [String] = []
        /// One check per typed capture (`{ json: $.id, type: integer }`), passed or not.
        var checks: [CheckResult] = []
    }

    /// `tokenEndpoint`: the endpoint hands out credentials, so all its values are secret (`Capture.isSecretLike`).
    static func extract(
        _ captures: [Capture], from response: Response, endpointID: String, at moment: Date,
        tokenEndpoint: Bool = false
    ) -> Outcome {
        var facts = ResponseFacts(response)
        var outcome = Outcome()
        for capture in captures {
            switch text(of: capture.source, facts: &facts) {
            case .failure(let reason):
                outcome.failures.append("\(capture.name): \(reason.reason)")
            case .success(let (source, node)):
                if let type = capture.type, let node {
                    let found = ExpectationChecker.typeName(node)
                    let passed = found == type || (type == "number" && found == "integer")
                    outcome.checks.append(
                        CheckResult(
                            subject: "capture \(capture.name)", expected: "type \(type)", actual: found, passed: passed)
                    )
                    guard passed else {
                        outcome.failures.append("\(capture.name): expected \(article(type)), got \(article(found))")
                        continue
                    }
                }
                var value = source
                if let pattern = capture.regex {
                    let found: String?
                    do {
                        found = try TextPattern.firstCapture(pattern, in: source)
                    } catch {
                        outcome.failures.append("\(capture.name): \(error)")
                        continue
                    }
                    guard let found else {
                        outcome.failures.append("\(capture.name): /\(SafeText.escape(pattern))/ did not match")
                        continue
                    }
                    value = found
                }
                guard value.utf8.count <= maxValueBytes else {
                    outcome.failures.append(
                        "\(capture.name): the value is \(Units.bytes(Int64(value.utf8.count))), more than a capture "
                            + "keeps (\(Units.bytes(Int64(maxValueBytes))))")
                    continue
                }
                outcome.values.append(
                    CapturedValue(
                        name: capture.name, value: value, endpointID: endpointID, capturedAt: moment,
                        isSecret: capture.isSecretLike || tokenEndpoint))
            }
        }
        return outcome
    }

    /// `an integer`, `a string`, `null`: a JSON type in words.
    private static func article(_ type: String) -> String {
        type == "null" ? "null" : (type == "integer" || type == "object" || type == "array" ? "an " : "a ") + type
    }

    /// The source's text, and for `json:` the value selected.
    private static func text(of source: Capture.Source, facts: inout ResponseFacts) -> Result<
        (String, JSONValue?), Failure
    > {
        switch source {
        case .status:
            return .success((String(facts.statusCode), nil))
        case .header(let name):
            guard let value = facts.headers[name] else { return .failure(Failure("no \(name) header")) }
            return .success((value, nil))
        case .cookie(let name):
            for line in facts.headers.values(for: "Set-Cookie") {
                let pair = line.split(separator: ";", maxSplits: 1).first ?? ""
                let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                if parts.count == 2, parts[0].trimmingCharacters(in: .whitespaces) == name {
                    return .success((parts[1].trimmingCharacters(in: .whitespaces), nil))
                }
            }
            return .failure(Failure("no cookie \(name) was set"))
        case .body:
            guard let text = facts.text() else { return .failure(Failure(facts.unreadable ?? "the body is not text")) }
            return .success((text, nil))
        case .json(let query):
            let document: JSONTape
            switch facts.json() {
            case .success(let value): document = value
            case .failure(let problem): return .failure(Failure(problem.reason))
            }
            let nodes: [JSONPathEvaluator<JSONTape>.Node]
            do {
                nodes = try JSONPath(query).evaluate(in: document)
            } catch let stop as JSONPathStop {
                return .failure(Failure(stop.description))
            } catch {
                nodes = []
            }
            guard let node = nodes.first else { return .failure(Failure("\(query) selected nothing")) }
            // Only the selected node becomes a value (the whole body for `$`: what the user asked for).
            let value = document.value(at: node.node)
            if case .string(let string) = value { return .success((string, value)) }
            return .success((value.serialized(), value))
        }
    }

    struct Failure: Error {
        let reason: String
        init(_ reason: String) { self.reason = reason }
    }
}
