import Foundation

/// Reading `schemas:`, `schema_dialect:`, `format_assertion:` and an endpoint's `responses:` and `request_schema:`
/// (docs/SCHEMAS.md),
/// and the checks of names and schemas: names written in the profile are checked as it loads (without reading the
/// side file); `schemaProblems` (what `apix check` adds) reads the side file and compiles every schema, locating
/// each problem in the YAML or the JSON it was written in.
extension ProfileLoader {
    static let schemaKeys = ["schemas", "schema_dialect", "format_assertion"]

    static func readSchemas(_ fields: YAMLFields, into profile: inout Profile, reader: inout YAMLReader) {
        if let node = fields["schemas"] {
            for (name, keyNode, value) in reader.entries(node, "`schemas`") ?? [] {
                guard !name.isEmpty else {
                    reader.fail("a schema name must not be empty", at: keyNode)
                    continue
                }
                let pointer = "/components/schemas/" + escapedToken(name)
                profile.schemas.inline[name] = json(
                    value, pointer: pointer, locations: &profile.schemas.locations, reader: &reader)
            }
        }
        if let node = fields["schema_dialect"], let text = reader.string(node, "schema_dialect") {
            if let dialect = SchemaDialect(rawValue: text) {
                profile.schemas.dialect = dialect
            } else {
                reader.fail(
                    "`schema_dialect` must be "
                        + SchemaDialect.allCases.map(\.rawValue).joined(separator: ", ") + ", got \"\(text)\"",
                    at: node)
            }
        }
        if let node = fields["format_assertion"] {
            profile.schemas.formatAssertion = reader.bool(node, "format_assertion") ?? false
        }
    }

    static func readResponses(_ node: YAMLNode, reader: inout YAMLReader) -> [ResponseSchemaRule] {
        var rules: [ResponseSchemaRule] = []
        for (key, keyNode, value) in reader.entries(node, "`responses`") ?? [] {
            guard let status = ResponseSchemaRule.Status(key) else {
                reader.fail(
                    "`responses` keys are status codes (200), classes (4XX) or default, got \"\(key)\"", at: keyNode)
                continue
            }
            guard value.mapping == nil, value.sequence == nil, let name = reader.string(value, "responses.\(key)")
            else {
                if value.mapping != nil || value.sequence != nil {
                    reader.fail("`responses.\(key)` must name a schema of `schemas:`", at: value)
                }
                continue
            }
            rules.append(ResponseSchemaRule(status: status, schema: name, location: reader.location(value)))
        }
        return rules
    }

    /// `request_schema: NAME`: one schema's name, kept with where it was written.
    static func readRequestSchema(_ node: YAMLNode, into endpoint: inout Endpoint, reader: inout YAMLReader) {
        guard node.mapping == nil, node.sequence == nil else {
            reader.fail("`request_schema` must name a schema of `schemas:`", at: node)
            return
        }
        guard let name = reader.string(node, "request_schema") else { return }
        guard !name.isEmpty else {
            reader.fail("`request_schema` must name a schema of `schemas:`", at: node)
            return
        }
        endpoint.requestSchema = name
        endpoint.requestSchemaLocation = reader.location(node)
    }

    /// The schema names an endpoint uses, each with the key that named it and where: `responses:`, then
    /// `request_schema:`.
    static func schemaUses(of endpoint: Endpoint) -> [(name: String, key: String, location: SourceLocation?)] {
        var uses = endpoint.responses.map { (name: $0.schema, key: "responses", location: $0.location) }
        if let name = endpoint.requestSchema {
            uses.append((name: name, key: "request_schema", location: endpoint.requestSchemaLocation))
        }
        return uses
    }

    /// A YAML value as JSON (plain scalars keep their YAML type, quoted ones are strings), recording where each
    /// node was written by its JSON pointer.
    private static func json(
        _ node: YAMLNode, pointer: String, locations: inout [String: SourceLocation], reader: inout YAMLReader
    ) -> JSONValue {
        locations[pointer] = reader.location(node)
        switch node.content {
        case .scalar(let scalar):
            if scalar.style == .plain || scalar.style == .any {
                switch YAMLReader.tag(of: node) {
                case .null: return .null
                case .bool: return .bool(node.bool ?? false)
                case .int, .float:
                    if let number = YAMLReader.jsonNumber(scalar.string) { return .number(number) }
                default: break
                }
            }
            return .string(scalar.string)
        case .sequence(let items):
            return .array(
                items.enumerated().map { index, item in
                    json(item, pointer: pointer + "/\(index)", locations: &locations, reader: &reader)
                })
        case .mapping:
            var object = JSONObject()
            for entry in reader.entries(node, "a schema object") ?? [] {
                object.append(
                    key: entry.key,
                    value: json(
                        entry.value, pointer: pointer + "/" + escapedToken(entry.key), locations: &locations,
                        reader: &reader))
            }
            return .object(object)
        }
    }

    private static func escapedToken(_ name: String) -> String {
        name.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1")
    }

    // MARK: - Checks

    /// Names in `responses:` and `request_schema:` that no inline schema has (only without a side file: its names are read on first use
    /// and checked by `schemaProblems`), and `expect: { schema: true }` on an endpoint with no `responses:`.
    static func schemaNameProblems(in profile: Profile) -> [ProfileProblem] {
        var problems: [ProfileProblem] = []
        let fallback = SourceLocation(file: profile.file, line: 1, column: 1)
        for endpoint in profile.endpoints {
            if let expectation = endpoint.expectation, expectation.schema, endpoint.responses.isEmpty {
                problems.append(
                    ProfileProblem(
                        "`expect.schema` of endpoint `\(endpoint.id)` needs `responses:` naming the schema of each "
                            + "status", at: expectation.location ?? endpoint.location ?? fallback))
            }
            guard profile.schemas.sideFile == nil else { continue }
            let known = profile.schemas.inline.keys
            for use in schemaUses(of: endpoint) where profile.schemas.inline[use.name] == nil {
                problems.append(
                    ProfileProblem(
                        unknownMessage(use.name, key: use.key, known: known, sideFile: nil),
                        at: use.location ?? endpoint.location ?? fallback))
            }
        }
        return problems
    }

    /// Every problem of the profile's schemas: the side file that does not read, names no schema has, and schemas
    /// that do not compile (each located where it was written: the YAML node, or the side file's line and column).
    /// Reads the side file and compiles every schema: what `apix check` does, never a load.
    package static func schemaProblems(in profile: Profile) -> [ProfileProblem] {
        let schemas = profile.schemas
        guard
            !schemas.isEmpty
                || profile.endpoints.contains(where: { !$0.responses.isEmpty || $0.requestSchema != nil })
        else { return [] }
        let names: [String]
        switch schemas.names() {
        case .success(let found): names = found
        case .failure(let problem): return [problem]
        }
        var problems: [ProfileProblem] = []
        let fallback = SourceLocation(file: profile.file, line: 1, column: 1)
        if schemas.sideFile != nil {
            let known = Set(names)
            for endpoint in profile.endpoints {
                for use in schemaUses(of: endpoint) where !known.contains(use.name) {
                    problems.append(
                        ProfileProblem(
                            unknownMessage(use.name, key: use.key, known: names, sideFile: schemas.sideFile),
                            at: use.location ?? endpoint.location ?? fallback))
                }
            }
        }
        switch schemas.compileErrors(names) {
        case .success(let errors):
            // A broken schema that many reach is reported once, where it is.
            var reported: Set<String> = []
            for error in errors where reported.insert(error.location).inserted {
                problems.append(locate(error, in: schemas, fallback: fallback))
            }
        case .failure(let problem): problems.append(problem)
        }
        return problems
    }

    private static func unknownMessage(_ name: String, key: String, known: [String], sideFile: String?) -> String {
        var message = "unknown schema `\(name)` in `\(key)`"
        message += sideFile == nil ? ": define it under `schemas:`" : ": not in `schemas:` or the schemas file"
        if let suggestion = EditDistance.nearest(name, in: known) { message += "; did you mean `\(suggestion)`?" }
        return message
    }

    /// Where a compile error was written: the nearest inline YAML node to its schema location, else the side file's
    /// JSON at that pointer (its line and column), else the profile's first line.
    private static func locate(_ error: SchemaError, in schemas: ProfileSchemas, fallback: SourceLocation)
        -> ProfileProblem
    {
        let message = "invalid schema: \(error.message) (\(error.location))"
        guard error.location.hasPrefix("#") else { return ProfileProblem(message, at: fallback) }
        let pointer = String(error.location.dropFirst()).removingPercentEncoding ?? String(error.location.dropFirst())
        var tokens = SchemaURI.pointerTokens(pointer) ?? []
        let name = tokens.count > 2 ? tokens[2] : ""
        if schemas.inline[name] != nil {
            while !tokens.isEmpty {
                if let location = schemas.locations[SchemaURI.pointer(tokens)] {
                    return ProfileProblem(message, at: location)
                }
                tokens.removeLast()
            }
            return ProfileProblem(message, at: fallback)
        }
        guard let sideFile = schemas.sideFile, tokens.count > 2,
            let data = FileManager.default.contents(atPath: sideFile),
            let found = JSONPointerLocator.locate(Array(tokens.dropFirst(2)), in: data)
        else {
            return ProfileProblem(message, at: schemas.sideFile.map { .init(file: $0, line: 1, column: 1) } ?? fallback)
        }
        return ProfileProblem(message, at: SourceLocation(file: sideFile, line: found.line, column: found.column))
    }
}
