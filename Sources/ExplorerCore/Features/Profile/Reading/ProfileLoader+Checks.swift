/// Reading an endpoint's `capture:`, `uses:` and `expect:` (docs/PROFILES.md, "Chains and checks"); every mistake
/// is a located problem, including JSONPath queries and regular expressions that do not compile.
extension ProfileLoader {
    static let captureSources = ["json", "header", "status", "cookie"]

    static func readChecks(_ fields: YAMLFields, into endpoint: inout Endpoint, reader: inout YAMLReader) {
        if let node = fields["capture"] { endpoint.captures = readCaptures(node, reader: &reader) }
        if let node = fields["uses"] { endpoint.uses = readUses(node, reader: &reader) }
        if let node = fields["expect"] { endpoint.expectation = readExpectation(node, reader: &reader) }
    }

    // MARK: - capture

    static func readCaptures(_ node: YAMLNode, reader: inout YAMLReader) -> [Capture] {
        guard let entries = reader.entries(node, "`capture`") else { return [] }
        var captures: [Capture] = []
        for (name, keyNode, value) in entries {
            guard !name.isEmpty, !name.contains("."), !name.contains("{"), !name.contains("}") else {
                reader.fail("capture name `\(name)` must not be empty or contain `.`, `{` or `}`", at: keyNode)
                continue
            }
            let what = "capture `\(name)`"
            if let text = value.scalar?.string {
                reader.fail(
                    "\(what) must be a mapping, got \(YAMLReader.describe(value)); "
                        + ProfileShapeHints.captureSource(text, name: name), at: value)
                continue
            }
            guard let spec = reader.fields(value, what, known: captureSources + ["regex", "type"]) else { continue }
            let given = captureSources.filter { spec[$0] != nil }
            let regex = spec["regex"].flatMap { reader.string($0, "\(name).regex") }
            if let regex, let regexNode = spec["regex"], !TextPattern.isValid(regex) {
                reader.fail("`regex` of \(what) is not a valid regular expression", at: regexNode)
            }
            guard given.count <= 1, !(given.isEmpty && regex == nil) else {
                reader.fail(
                    "\(what) needs one of `json`, `header`, `status`, `cookie`, or `regex` alone (on the body)",
                    at: value)
                continue
            }
            var type: String?
            if let typeNode = spec["type"] {
                guard let name = reader.string(typeNode, "\(name).type"), ResponseExpectation.typeNames.contains(name)
                else {
                    reader.fail(
                        "`type` of \(what) must be one of " + ResponseExpectation.typeNames.joined(separator: ", "),
                        at: typeNode)
                    continue
                }
                guard given.first == "json", regex == nil else {
                    reader.fail(
                        "`type` of \(what) needs `json` (and no `regex`): it is the JSON value's type", at: typeNode)
                    continue
                }
                type = name
            }
            let source: Capture.Source
            switch given.first {
            case "json"?:
                guard let queryNode = spec["json"], let query = reader.string(queryNode, "\(name).json") else {
                    continue
                }
                do {
                    _ = try JSONPath(query)
                } catch {
                    reader.fail("`json` of \(what): \(error)", at: queryNode)
                    continue
                }
                source = .json(query)
            case "header"?:
                guard let header = spec["header"].flatMap({ reader.string($0, "\(name).header") }) else { continue }
                source = .header(header)
            case "cookie"?:
                guard let cookie = spec["cookie"].flatMap({ reader.string($0, "\(name).cookie") }) else { continue }
                source = .cookie(cookie)
            case "status"?:
                guard let statusNode = spec["status"], reader.bool(statusNode, "\(name).status") == true else {
                    continue
                }
                source = .status
            default:
                source = .body
            }
            var capture = Capture(name: name, source: source, regex: regex, location: reader.location(keyNode))
            capture.type = type
            captures.append(capture)
        }
        return captures
    }

    // MARK: - uses

    static func readUses(_ node: YAMLNode, reader: inout YAMLReader) -> [EndpointUse] {
        guard let entries = reader.entries(node, "`uses`") else { return [] }
        var uses: [EndpointUse] = []
        for (id, keyNode, value) in entries {
            let message = "`uses.\(id)` must be when_missing, always or { when_expired: SECONDS }"
            let policy: EndpointUse.Policy
            if let word = value.scalar?.string, value.mapping == nil {
                switch word {
                case "when_missing": policy = .whenMissing
                case "always": policy = .always
                default:
                    reader.fail(message, at: value)
                    continue
                }
            } else if value.mapping != nil {
                guard
                    let spec = reader.fields(
                        value, "`uses.\(id)`", known: ["when_expired"], required: ["when_expired"]),
                    let secondsNode = spec["when_expired"],
                    let seconds = reader.integer(secondsNode, "uses.\(id).when_expired", atLeast: 1)
                else { continue }
                policy = .whenExpired(seconds: seconds)
            } else {
                reader.fail(message, at: value)
                continue
            }
            uses.append(EndpointUse(endpointID: id, policy: policy, location: reader.location(keyNode)))
        }
        return uses
    }

    // MARK: - expect

    /// Keys people write in `expect:` for what apix calls otherwise (Hurl's, Postman's and k6's words).
    private static let expectationsMeant: [String: String] = {
        let time = "the whole exchange's limit is `max_ms: 500`; a phase's, `timing: { total: \"< 500ms\" }`"
        let body = "text the body holds is `body_contains: TEXT`; a JSON value, `json: { \"$.a\": VALUE }`"
        let code = "the status is `status: 200` (or `2xx`, or a list)"
        return [
            "time": time, "duration": time, "latency": time, "response_time": time, "elapsed": time,
            "body": body, "contains": body, "status_code": code, "code": code,
        ]
    }()

    /// Other tools' names for `expect.json`'s checks (Hurl's, Chai's, JSON Schema's).
    private static let jsonChecksMeant = [
        "equals": "==", "eq": "==", "equal": "==", "ne": "!=", "not_equals": "!=", "gt": ">", "gte": ">=",
        "lt": "<", "lte": "<=", "includes": "contains", "include": "contains", "regex": "matches",
        "pattern": "matches", "length": "count", "size": "count", "exist": "exists", "isType": "type",
    ]

    static func readExpectation(_ node: YAMLNode, reader: inout YAMLReader) -> ResponseExpectation? {
        guard
            let fields = reader.fields(
                node, "`expect`",
                known: ["status", "headers", "json", "body_contains", "max_ms", "timing", "tls", "stream", "schema"],
                meant: Self.expectationsMeant)
        else { return nil }
        var expectation = ResponseExpectation()
        expectation.location = reader.location(node)
        if let statusNode = fields["status"] {
            let items = statusNode.sequence.map(Array.init) ?? [statusNode]
            for item in items {
                guard let rule = statusRule(item) else {
                    reader.fail(
                        "`expect.status` must be a status code (200), a class (2xx) or a list of them, got "
                            + YAMLReader.describe(item), at: item)
                    continue
                }
                expectation.status.append(rule)
            }
        }
        if let headersNode = fields["headers"], let entries = reader.entries(headersNode, "`expect.headers`") {
            for (name, _, value) in entries {
                guard let check = headerCheck(value, name: name, reader: &reader) else { continue }
                expectation.headers.append(ResponseExpectation.HeaderRule(name: name, check: check))
            }
        }
        if let jsonNode = fields["json"], let entries = reader.entries(jsonNode, "`expect.json`") {
            for (query, keyNode, value) in entries {
                do {
                    _ = try JSONPath(query)
                } catch {
                    reader.fail("`expect.json`: \(error)", at: keyNode)
                    continue
                }
                for check in jsonChecks(value, query: query, reader: &reader) {
                    expectation.json.append(ResponseExpectation.JSONRule(query: query, check: check))
                }
            }
        }
        if let containsNode = fields["body_contains"] {
            let items = containsNode.sequence.map(Array.init) ?? [containsNode]
            for item in items {
                if let text = reader.string(item, "expect.body_contains") { expectation.bodyContains.append(text) }
            }
        }
        if let maxNode = fields["max_ms"] {
            expectation.maxMilliseconds = reader.integer(maxNode, "expect.max_ms", atLeast: 1)
        }
        if let timingNode = fields["timing"], let entries = reader.entries(timingNode, "`expect.timing`") {
            for (name, keyNode, value) in entries {
                guard let measure = TimingRule.Measure(rawValue: name) else {
                    let known = TimingRule.Measure.allCases.map(\.rawValue)
                    var message = "unknown phase `\(name)` in `expect.timing`"
                    if let suggestion = EditDistance.nearest(name, in: known) {
                        message += "; did you mean `\(suggestion)`?"
                    }
                    reader.fail(message + " (known: \(known.joined(separator: ", ")))", at: keyNode)
                    continue
                }
                guard let text = reader.string(value, "expect.timing.\(name)") else { continue }
                guard let rule = TimingRule(measure, text) else {
                    reader.fail(
                        "`expect.timing.\(name)` must be \(TimingRule.syntax), got \(YAMLReader.describe(value))",
                        at: value)
                    continue
                }
                expectation.timing.append(rule)
            }
        }
        if let tlsNode = fields["tls"] { expectation.tls = readTLSRules(tlsNode, reader: &reader) }
        if let streamNode = fields["stream"] { expectation.stream = readStreamRules(streamNode, reader: &reader) }
        if let schemaNode = fields["schema"] { expectation.schema = reader.bool(schemaNode, "expect.schema") ?? false }
        return expectation
    }

    /// `expect.tls`: `days_left: "> 14"`.
    private static func readTLSRules(_ node: YAMLNode, reader: inout YAMLReader) -> [TLSRule] {
        guard let entries = reader.entries(node, "`expect.tls`") else { return [] }
        var rules: [TLSRule] = []
        for (name, keyNode, value) in entries {
            guard let measure = TLSRule.Measure(rawValue: name) else {
                let known = TLSRule.Measure.allCases.map(\.rawValue)
                var message = "unknown key `\(name)` in `expect.tls`"
                if let suggestion = EditDistance.nearest(name, in: known) {
                    message += "; did you mean `\(suggestion)`?"
                }
                reader.fail(message + " (known: \(known.joined(separator: ", ")))", at: keyNode)
                continue
            }
            guard let text = reader.string(value, "expect.tls.\(name)") else { continue }
            guard let rule = TLSRule(measure, text) else {
                reader.fail(
                    "`expect.tls.\(name)` must be \(TLSRule.syntax), got \(YAMLReader.describe(value))", at: value)
                continue
            }
            rules.append(rule)
        }
        return rules
    }

    /// `expect.stream`: `first_event: "< 500ms"`, `max_gap: "< 2s"`, `events: ">= 5"`.
    private static func readStreamRules(_ node: YAMLNode, reader: inout YAMLReader) -> [StreamRule] {
        guard let entries = reader.entries(node, "`expect.stream`") else { return [] }
        var rules: [StreamRule] = []
        for (name, keyNode, value) in entries {
            guard let measure = StreamRule.Measure(rawValue: name) else {
                let known = StreamRule.Measure.allCases.map(\.rawValue)
                var message = "unknown key `\(name)` in `expect.stream`"
                if let suggestion = EditDistance.nearest(name, in: known) {
                    message += "; did you mean `\(suggestion)`?"
                }
                reader.fail(message + " (known: \(known.joined(separator: ", ")))", at: keyNode)
                continue
            }
            guard let text = reader.string(value, "expect.stream.\(name)") else { continue }
            guard let rule = StreamRule(measure, text) else {
                reader.fail(
                    "`expect.stream.\(name)` must be \(measure.syntax), got \(YAMLReader.describe(value))", at: value)
                continue
            }
            rules.append(rule)
        }
        return rules
    }

    private static func statusRule(_ node: YAMLNode) -> ResponseExpectation.StatusRule? {
        guard let text = node.scalar?.string else { return nil }
        if let code = Int(text), (100...599).contains(code) { return .code(code) }
        let lowered = text.lowercased()
        if lowered.count == 3, lowered.hasSuffix("xx"), let digit = Int(lowered.prefix(1)), (1...5).contains(digit) {
            return .statusClass(digit)
        }
        return nil
    }

    private static func headerCheck(
        _ node: YAMLNode, name: String, reader: inout YAMLReader
    ) -> ResponseExpectation.HeaderRule.Check? {
        if node.mapping == nil {
            return reader.string(node, "expect.headers.\(name)").map { .equals($0) }
        }
        let known = ["equals", "matches", "contains", "present"]
        guard let spec = reader.fields(node, "`expect.headers.\(name)`", known: known),
            let key = known.first(where: { spec[$0] != nil }), let value = spec[key]
        else {
            reader.fail("`expect.headers.\(name)` needs `equals`, `matches`, `contains` or `present`", at: node)
            return nil
        }
        switch key {
        case "equals": return reader.string(value, "expect.headers.\(name).equals").map { .equals($0) }
        case "contains": return reader.string(value, "expect.headers.\(name).contains").map { .contains($0) }
        case "matches":
            guard let pattern = reader.string(value, "expect.headers.\(name).matches") else { return nil }
            // A pattern with `{{variables}}` is checked once filled, when the answer is checked.
            guard !Template(pattern).variableNames.isEmpty || TextPattern.isValid(pattern) else {
                reader.fail("`expect.headers.\(name).matches` is not a valid regular expression", at: value)
                return nil
            }
            return .matches(pattern)
        default: return reader.bool(value, "expect.headers.\(name).present").map { .present($0) }
        }
    }

    private static func jsonChecks(
        _ node: YAMLNode, query: String, reader: inout YAMLReader
    ) -> [ResponseExpectation.JSONRule.Check] {
        guard node.mapping != nil else { return [.compare("==", literal(reader.templateValue(node)))] }
        let known = ResponseExpectation.comparisonOperators + ["matches", "contains", "exists", "count", "type"]
        guard let entries = reader.entries(node, "`expect.json.\(query)`") else { return [] }
        var checks: [ResponseExpectation.JSONRule.Check] = []
        for (key, keyNode, value) in entries {
            let what = "expect.json.\(query).\(key)"
            switch key {
            case _ where ResponseExpectation.comparisonOperators.contains(key):
                checks.append(.compare(key, literal(reader.templateValue(value))))
            case "matches":
                guard let pattern = reader.string(value, what) else { continue }
                guard !Template(pattern).variableNames.isEmpty || TextPattern.isValid(pattern) else {
                    reader.fail("`\(what)` is not a valid regular expression", at: value)
                    continue
                }
                checks.append(.matches(pattern))
            case "contains":
                checks.append(.contains(literal(reader.templateValue(value))))
            case "exists":
                if let exists = reader.bool(value, what) { checks.append(.exists(exists)) }
            case "count":
                if let count = reader.integer(value, what) { checks.append(.count(count)) }
            case "type":
                guard let name = reader.string(value, what), ResponseExpectation.typeNames.contains(name) else {
                    reader.fail(
                        "`\(what)` must be one of " + ResponseExpectation.typeNames.joined(separator: ", "), at: value)
                    continue
                }
                checks.append(.type(name))
            default:
                var message = "unknown check `\(key)` in `expect.json`"
                if let suggestion = Self.jsonChecksMeant[key] ?? EditDistance.nearest(key, in: known) {
                    message += "; did you mean `\(suggestion)`?"
                }
                reader.fail(message, at: keyNode)
            }
        }
        return checks
    }

    /// A YAML value as the JSON value a check compares with (`{{…}}` stays as written).
    private static func literal(_ value: TemplateValue) -> JSONValue {
        switch value {
        case .null: .null
        case .bool(let flag): .bool(flag)
        case .number(let text): .number(text)
        case .string(let template): .string(template.raw)
        case .array(let items): .array(items.map(literal))
        case .object(let members): .object(JSONObject(members.map { (key: $0.key, value: literal($0.value)) }))
        }
    }
}
