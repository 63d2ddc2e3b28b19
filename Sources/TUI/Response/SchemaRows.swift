import ExplorerCore

/// The Schema tab's lines for an answer checked against its declared schema: a verdict, then one line per
/// violation (where in the body, what was expected, where in the schema), then what was left out. Escaped: the
/// body's keys and the schema's texts reach the screen through them.
struct SchemaRows {
    struct Row: Equatable {
        var text: String
        /// The verdict's mark; nil for other lines.
        var passed: Bool?
        /// A violation's instance location (JSONPath), which `J` finds in the body.
        var location: String?
    }

    let rows: [Row]

    init(_ check: SchemaCheck) {
        let name = SafeText.escape(check.name)
        let rule = "`responses:` \(SafeText.escape(check.status))"
        var rows: [Row] = []
        if let problem = check.problem {
            rows.append(
                Row(
                    text: "\(CheckResult.mark(passed: false)) cannot check against \(name) (\(rule)): "
                        + SafeText.escape(problem), passed: false))
        } else if let validation = check.validation {
            let verdict =
                validation.isValid
                ? "matches \(name) (\(rule))"
                : "\(Units.count(max(validation.violationCount, 1), "violation")) of \(name) (\(rule)); J shows each "
                    + "in the body"
            rows.append(
                Row(text: "\(CheckResult.mark(passed: validation.isValid)) \(verdict)", passed: validation.isValid))
            for violation in validation.violations {
                rows.append(
                    Row(text: "  " + SafeText.escape(violation.description), location: violation.instanceLocation))
            }
            let left = validation.violationCount - validation.violations.count
            if left > 0 { rows.append(Row(text: "  and \(Units.count(left, "more violation"))")) }
            if let stopped = validation.stopped { rows.append(Row(text: "  validation \(SafeText.escape(stopped))")) }
        }
        self.rows = rows
    }
}
