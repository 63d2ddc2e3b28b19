/// Writing an endpoint's `capture:`, `uses:` and `expect:` back in the form `ProfileLoader+Checks` reads, so a save
/// or an import keeps them.
extension ProfileEmitter {
    static func captures(_ captures: [Capture]) -> Value {
        .mapping(
            captures.map { capture in
                var fields: [Entry] = []
                switch capture.source {
                case .json(let query): fields.append(Entry("json", .string(query)))
                case .header(let name): fields.append(Entry("header", .string(name)))
                case .cookie(let name): fields.append(Entry("cookie", .string(name)))
                case .status: fields.append(Entry("status", .scalar("true")))
                case .body: break
                }
                if let regex = capture.regex { fields.append(Entry("regex", .string(regex))) }
                if let type = capture.type { fields.append(Entry("type", .scalar(type))) }
                return Entry(capture.name, .mapping(fields))
            })
    }

    static func uses(_ uses: [EndpointUse]) -> Value {
        .mapping(
            uses.map { use in
                switch use.policy {
                case .whenMissing: Entry(use.endpointID, .scalar("when_missing"))
                case .always: Entry(use.endpointID, .scalar("always"))
                case .whenExpired(let seconds):
                    Entry(use.endpointID, .mapping([Entry("when_expired", .scalar(String(seconds)))]))
                }
            })
    }

    static func expectation(_ expectation: ResponseExpectation) -> Value {
        var entries: [Entry] = []
        if !expectation.status.isEmpty {
            let rules = expectation.status.map { Value.scalar($0.description) }
            entries.append(Entry("status", rules.count == 1 ? rules[0] : .sequence(rules)))
        }
        if !expectation.headers.isEmpty {
            entries.append(
                Entry(
                    "headers",
                    .mapping(
                        expectation.headers.map { rule in
                            switch rule.check {
                            case .equals(let text): Entry(rule.name, .mapping([Entry("equals", .string(text))]))
                            case .matches(let text): Entry(rule.name, .mapping([Entry("matches", .string(text))]))
                            case .contains(let text): Entry(rule.name, .mapping([Entry("contains", .string(text))]))
                            case .present(let flag):
                                Entry(rule.name, .mapping([Entry("present", .scalar(String(flag)))]))
                            }
                        })))
        }
        if !expectation.json.isEmpty {
            // Checks of one query are one mapping, in the order written.
            var queries: [(String, [Entry])] = []
            for rule in expectation.json {
                let entry: Entry
                switch rule.check {
                case .compare(let operatorText, let value): entry = Entry(operatorText, literal(value))
                case .matches(let pattern): entry = Entry("matches", .string(pattern))
                case .contains(let value): entry = Entry("contains", literal(value))
                case .exists(let flag): entry = Entry("exists", .scalar(String(flag)))
                case .count(let count): entry = Entry("count", .scalar(String(count)))
                case .type(let name): entry = Entry("type", .scalar(name))
                }
                if let index = queries.firstIndex(where: { $0.0 == rule.query }) {
                    queries[index].1.append(entry)
                } else {
                    queries.append((rule.query, [entry]))
                }
            }
            entries.append(Entry("json", .mapping(queries.map { Entry($0.0, .mapping($0.1)) })))
        }
        if !expectation.bodyContains.isEmpty {
            let texts = expectation.bodyContains.map(Value.string)
            entries.append(Entry("body_contains", texts.count == 1 ? texts[0] : .sequence(texts)))
        }
        if let limit = expectation.maxMilliseconds { entries.append(Entry("max_ms", .scalar(String(limit)))) }
        if !expectation.timing.isEmpty {
            entries.append(
                Entry("timing", .mapping(expectation.timing.map { Entry($0.measure.rawValue, .string($0.text)) })))
        }
        if !expectation.tls.isEmpty {
            entries.append(Entry("tls", .mapping(expectation.tls.map { Entry($0.measure.rawValue, .string($0.text)) })))
        }
        if !expectation.stream.isEmpty {
            entries.append(
                Entry("stream", .mapping(expectation.stream.map { Entry($0.measure.rawValue, .string($0.text)) })))
        }
        if expectation.schema { entries.append(Entry("schema", .scalar("true"))) }
        return .mapping(entries)
    }

    /// `responses:` as OpenAPI writes its keys, each naming a schema.
    static func responses(_ rules: [ResponseSchemaRule]) -> Value {
        .mapping(rules.map { Entry($0.status.description, .string($0.schema)) })
    }

    /// A profile's `schemas:`, `schema_dialect:` and `format_assertion:` (the side file is written apart).
    static func schemas(_ schemas: ProfileSchemas) -> [Entry] {
        var entries: [Entry] = []
        if schemas.dialect != .draft2020 { entries.append(Entry("schema_dialect", .scalar(schemas.dialect.rawValue))) }
        if schemas.formatAssertion { entries.append(Entry("format_assertion", .scalar("true"))) }
        if !schemas.inline.isEmpty {
            entries.append(Entry("schemas", .mapping(schemas.inline.map { Entry($0.key, literal($0.value)) })))
        }
        return entries
    }

    private static func literal(_ value: JSONValue) -> Value {
        switch value {
        case .null: .scalar("null")
        case .bool(let flag): .scalar(String(flag))
        case .number(let text): .scalar(text)
        case .string(let text): .string(text)
        case .array(let items): .sequence(items.map(literal))
        case .object(let object): .mapping(object.map { Entry($0.key, literal($0.value)) })
        }
    }
}
