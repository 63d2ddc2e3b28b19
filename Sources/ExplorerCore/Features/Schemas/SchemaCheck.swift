/// How an answer compared with the schema its endpoint's `responses:` names for its status: decided here once, for
/// `apix run` (a line per violation, `--json`'s `schema`), `apix test` (a violation fails the endpoint) and
/// `expect: { schema: true }` (a check of its own).
package struct SchemaCheck: Sendable, Hashable {
    /// The schema's name.
    package var name: String
    /// The `responses:` key that chose it: `200`, `4XX`, `default`.
    package var status: String
    /// The validation; nil when it could not run (`problem` says why).
    package var validation: SchemaValidation?
    /// Why the answer could not be checked: an unknown or invalid schema, a body that is not JSON.
    package var problem: String?

    /// Whether the answer matches: validated, and valid.
    package var isValid: Bool { problem == nil && validation?.isValid == true }

    /// The violations kept (at most `SchemaOptions.maxViolations`).
    package var violations: [SchemaViolation] { validation?.violations ?? [] }

    /// The check of `response` against the schema `endpoint`'s `responses:` names for its status; nil when none
    /// is named for it.
    package static func check(_ response: Response, endpoint: Endpoint, schemas: ProfileSchemas) -> SchemaCheck? {
        guard let rule = ResponseSchemaRule.rule(for: response.statusCode, in: endpoint.responses) else { return nil }
        var check = SchemaCheck(name: rule.schema, status: rule.status.description)
        let schema: CompiledSchema
        switch schemas.compiled(rule.schema) {
        case .success(let compiled): schema = compiled
        case .failure(let error):
            check.problem = error.description
            return check
        }
        var facts = ResponseFacts(response)
        if response.body.count == 0 {
            check.problem = "the body is empty"
            return check
        }
        switch facts.json() {
        case .success(let body):
            // The validator reads a tree: the whole body becomes one here (checks and captures read the tape in
            // place; a validator over the tape is the next step for very large answers).
            check.validation = schema.validate(body.value(at: body.root), options: schemas.options)
        case .failure(let problem): check.problem = problem.reason
        }
        return check
    }

    /// One line per violation (`schema Todo: $.id: expected an integer, got a string (#/components/…/type)`),
    /// then what was left out and why the validation stopped; empty when the answer matches. Escaped for a terminal.
    package var lines: [String] {
        let prefix = "schema \(SafeText.escape(name))"
        if let problem { return ["\(prefix): cannot check the answer: \(SafeText.escape(problem))"] }
        guard let validation, !validation.isValid else { return [] }
        var lines = validation.violations.map { "\(prefix): \(SafeText.escape($0.description))" }
        let left = validation.violationCount - validation.violations.count
        if left > 0 { lines.append("\(prefix): and \(Units.count(left, "more violation"))") }
        if let stopped = validation.stopped { lines.append("\(prefix): validation \(SafeText.escape(stopped))") }
        return lines
    }

    /// `expect: { schema: true }` as a check: `✓ schema matches Todo (valid)`, `✗ schema matches Todo (got 2
    /// violations: $.id: …)`.
    package var checkResult: CheckResult {
        let actual: String
        if let problem {
            actual = problem
        } else if let validation, !validation.isValid {
            let first = validation.violations.first.map { ": \($0.instanceLocation): \($0.message)" } ?? ""
            actual = Units.count(max(validation.violationCount, 1), "violation") + first
        } else {
            actual = "valid"
        }
        return CheckResult(
            subject: "schema", expected: "matches \(name)", actual: ExpectationChecker.shown(actual), passed: isValid)
    }

    /// `expect: { schema: true }` for an answer whose status no `responses:` entry names.
    package static func missingResult(status: Int) -> CheckResult {
        CheckResult(
            subject: "schema", expected: "matches its schema", actual: "no schema for status \(status) in `responses:`",
            passed: false)
    }
}
