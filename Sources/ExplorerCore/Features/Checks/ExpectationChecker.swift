/// Runs an endpoint's `expect:` against a response: one `CheckResult` per check, in the order written
/// (status, headers, JSON, body text, time, timing, tls, stream).
///
/// `{{name}}` in expected values (header values and patterns, JSON strings and patterns, `body_contains`) is
/// filled like a request template: compared with the value, worded with secrets masked. A check whose value names
/// an unknown variable fails, saying which.
enum ExpectationChecker {
    /// Longest actual value shown in a result, in characters, before it is cut with `…`.
    static let shownLength = 80

    /// The variables of a check: `real` to compare, `shown` (secrets masked) for the words of the result.
    struct Scopes: Sendable {
        var real: VariableScope
        var shown: VariableScope
    }

    static func check(
        _ expectation: ResponseExpectation, against response: Response, variables: Scopes? = nil
    ) -> [CheckResult] {
        var results: [CheckResult] = []
        var expanded = expectation
        var shown = expectation
        var broken: [Int: String] = [:]  // rule position → why its values could not be filled
        if let variables {
            expand(expectation, variables, into: &expanded, shown: &shown, broken: &broken)
        }
        let checked = check(expanded, against: response)
        // Worded apart only when a secret was masked (rare: it checks the response twice).
        let worded = shown == expanded ? checked : check(shown, against: response)
        for (index, result) in checked.enumerated() {
            var result = result
            if let problem = broken[index] {
                result.actual = problem
                result.passed = false
            }
            if index < worded.count { result.expected = worded[index].expected }
            results.append(result)
        }
        return results
    }

    /// `expectation` with its templates filled from `scope`: as sent, or with `masked` secrets as the scope's style
    /// masks them (an export's `SecretMarker`s); `complete` is false when a value named an unknown variable (that
    /// value is left as written).
    static func filled(_ expectation: ResponseExpectation, scope: VariableScope, masked: Bool)
        -> (expectation: ResponseExpectation, complete: Bool)
    {
        var real = expectation
        var shown = expectation
        var broken: [Int: String] = [:]
        expand(expectation, Scopes(real: scope, shown: scope), into: &real, shown: &shown, broken: &broken)
        return (masked ? shown : real, broken.isEmpty)
    }

    /// Fills the templates of every string an expectation compares with; rules are numbered as `check` returns
    /// their results (status first when there is one, then headers, JSON, body text).
    private static func expand(
        _ expectation: ResponseExpectation, _ scopes: Scopes, into real: inout ResponseExpectation,
        shown: inout ResponseExpectation, broken: inout [Int: String]
    ) {
        var position = expectation.status.isEmpty ? 0 : 1
        func fill(_ text: String) -> (real: String, shown: String)? {
            let template = Template(text)
            do {
                return (try template.render(scopes.real), try template.render(scopes.shown, masking: true))
            } catch {
                broken[position] = error.message
                return nil
            }
        }
        for (index, rule) in expectation.headers.enumerated() {
            switch rule.check {
            case .equals(let text):
                if let filled = fill(text) {
                    real.headers[index].check = .equals(filled.real)
                    shown.headers[index].check = .equals(filled.shown)
                }
            case .matches(let text):
                if let filled = fill(text) {
                    real.headers[index].check = .matches(filled.real)
                    shown.headers[index].check = .matches(filled.shown)
                }
            case .contains(let text):
                if let filled = fill(text) {
                    real.headers[index].check = .contains(filled.real)
                    shown.headers[index].check = .contains(filled.shown)
                }
            case .present: break
            }
            position += 1
        }
        for (index, rule) in expectation.json.enumerated() {
            switch rule.check {
            case .compare(let operatorText, .string(let text)):
                if let filled = fill(text) {
                    real.json[index].check = .compare(operatorText, .string(filled.real))
                    shown.json[index].check = .compare(operatorText, .string(filled.shown))
                }
            case .matches(let text):
                if let filled = fill(text) {
                    real.json[index].check = .matches(filled.real)
                    shown.json[index].check = .matches(filled.shown)
                }
            case .contains(.string(let text)):
                if let filled = fill(text) {
                    real.json[index].check = .contains(.string(filled.real))
                    shown.json[index].check = .contains(.string(filled.shown))
                }
            default: break
            }
            position += 1
        }
        for (index, text) in expectation.bodyContains.enumerated() {
            if let filled = fill(text) {
                real.bodyContains[index] = filled.real
                shown.bodyContains[index] = filled.shown
            }
            position += 1
        }
    }

    private static func check(_ expectation: ResponseExpectation, against response: Response) -> [CheckResult] {
        var facts = ResponseFacts(response)
        var results: [CheckResult] = []
        if !expectation.status.isEmpty {
            let passed = expectation.status.contains { rule in
                switch rule {
                case .code(let code): facts.statusCode == code
                case .statusClass(let digit): facts.statusCode / 100 == digit
                }
            }
            results.append(
                CheckResult(
                    subject: "status", expected: expectation.status.map(\.description).joined(separator: " or "),
                    actual: String(facts.statusCode), passed: passed))
        }
        for rule in expectation.headers { results.append(check(rule, headers: facts.headers)) }
        for rule in expectation.json { results.append(check(rule, facts: &facts)) }
        for needle in expectation.bodyContains {
            let text = facts.text()
            results.append(
                CheckResult(
                    subject: "body", expected: "contains \(shown(needle))",
                    actual: text.map { $0.contains(needle) ? "found" : "not found" } ?? facts.unreadable
                        ?? "no text body",
                    passed: text?.contains(needle) ?? false))
        }
        if let limit = expectation.maxMilliseconds {
            let elapsed = facts.metrics.total.milliseconds
            results.append(
                CheckResult(
                    subject: "time", expected: "<= \(limit) ms", actual: "\(Int(elapsed.rounded())) ms",
                    passed: elapsed <= Double(limit)))
        }
        for rule in expectation.timing { results.append(rule.check(facts.metrics)) }
        for rule in expectation.tls { results.append(rule.check(response.connection)) }
        for rule in expectation.stream { results.append(rule.check(response.stream)) }
        return results
    }

    private static func check(_ rule: ResponseExpectation.HeaderRule, headers: HTTPHeaders) -> CheckResult {
        let value = headers[rule.name]
        let actual = value.map(shown) ?? "absent"
        let subject = "header \(rule.name)"
        switch rule.check {
        case .equals(let expected):
            return CheckResult(
                subject: subject, expected: "== \(shown(expected))", actual: actual, passed: value == expected)
        case .matches(let pattern):
            let expected = "matches \(shown(pattern))"
            do {
                let passed = try value.flatMap { (text) throws(RegexTooExpensive) in
                    try TextPattern.found(pattern, in: text)
                }
                return CheckResult(subject: subject, expected: expected, actual: actual, passed: passed ?? false)
            } catch {
                return CheckResult(subject: subject, expected: expected, actual: error.description, passed: false)
            }
        case .contains(let text):
            return CheckResult(
                subject: subject, expected: "contains \(shown(text))", actual: actual,
                passed: value?.contains(text) ?? false)
        case .present(let present):
            return CheckResult(
                subject: subject, expected: present ? "present" : "absent", actual: value == nil ? "absent" : "present",
                passed: (value != nil) == present)
        }
    }

    private static func check(_ rule: ResponseExpectation.JSONRule, facts: inout ResponseFacts) -> CheckResult {
        let expected = describe(rule.check)
        let document: JSONTape
        switch facts.json() {
        case .success(let value): document = value
        case .failure(let problem):
            return CheckResult(subject: rule.query, expected: expected, actual: problem.reason, passed: false)
        }
        let nodes: [Int]
        do {
            nodes = try JSONPath(rule.query).evaluate(in: document).map(\.node)
        } catch let error as JSONPathStop {
            return CheckResult(subject: rule.query, expected: expected, actual: error.description, passed: false)
        } catch {
            return CheckResult(subject: rule.query, expected: expected, actual: "\(error)", passed: false)
        }
        // Read shallow (an array or object as an empty one of its kind) and shown from a prefix: a check on a large
        // container never makes it a tree.
        let first = nodes.first.map { document.shallowValue(at: $0) }
        let actual = nodes.first.map { shown(document.serialized(at: $0, limit: 1024)) } ?? "no match"
        switch rule.check {
        case .exists(let exists):
            return CheckResult(
                subject: rule.query, expected: expected,
                actual: nodes.isEmpty ? "no match" : "\(nodes.count) match(es)",
                passed: nodes.isEmpty != exists)
        case .count(let count):
            let found: Int
            if nodes.count == 1, let children = document.childCount(at: nodes[0]) {
                found = children
            } else {
                found = nodes.count
            }
            return CheckResult(subject: rule.query, expected: expected, actual: String(found), passed: found == count)
        case .compare(let operatorText, let value):
            guard let comparison = JSONPathSyntax.ComparisonOperator(rawValue: operatorText), nodes.count <= 1 else {
                return CheckResult(
                    subject: rule.query, expected: expected, actual: "\(nodes.count) values (compare needs one)",
                    passed: false)
            }
            let whole =
                value.arrayValue != nil || value.objectValue != nil ? nodes.first.map { document.value(at: $0) } : first
            let passed = JSONPathComparison.compare(whole, comparison, value)
            return CheckResult(subject: rule.query, expected: expected, actual: actual, passed: passed)
        case .matches(let pattern):
            guard case .string(let text)? = first else {
                return CheckResult(subject: rule.query, expected: expected, actual: actual, passed: false)
            }
            do {
                let passed = try TextPattern.found(pattern, in: text) ?? false
                return CheckResult(subject: rule.query, expected: expected, actual: actual, passed: passed)
            } catch {
                return CheckResult(subject: rule.query, expected: expected, actual: error.description, passed: false)
            }
        case .type(let name):
            let found = first.map(typeName) ?? "nothing"
            let passed = found == name || (name == "number" && found == "integer")
            return CheckResult(subject: rule.query, expected: expected, actual: found, passed: passed)
        case .contains(let value):
            guard nodes.count == 1 else {
                return CheckResult(
                    subject: rule.query, expected: expected, actual: "\(nodes.count) values (contains needs one)",
                    passed: false)
            }
            let passed: Bool
            switch (first, value) {
            case (.string(let text)?, .string(let needle)):
                passed = text.contains(needle)
            case (.array?, _):
                // Each element read whole only here: RFC 9535's equality, as `==` compares.
                let elements = document.value(at: nodes[0]).arrayValue ?? []
                passed = elements.contains { JSONPathComparison.compare($0, .equal, value) }
            default:
                passed = false
            }
            return CheckResult(subject: rule.query, expected: expected, actual: actual, passed: passed)
        }
    }

    static func describe(_ check: ResponseExpectation.JSONRule.Check) -> String {
        switch check {
        case .compare(let operatorText, let value): "\(operatorText) \(shown(value.serialized()))"
        case .matches(let pattern): "matches \(shown(pattern))"
        case .contains(let value): "contains \(shown(value.serialized()))"
        case .exists(let exists): exists ? "exists" : "does not exist"
        case .count(let count): "count \(count)"
        case .type(let name): "type \(name)"
        }
    }

    static func typeName(_ value: JSONValue) -> String {
        switch value {
        case .null: "null"
        case .bool: "boolean"
        case .number: value.intValue != nil ? "integer" : "number"
        case .string: "string"
        case .array: "array"
        case .object: "object"
        }
    }

    /// One line, escaped, at most `shownLength` characters.
    static func shown(_ text: String) -> String {
        let line = SafeText.escape(text)
        guard line.count > shownLength else { return line }
        return String(line.prefix(shownLength - 1)) + "…"
    }
}
