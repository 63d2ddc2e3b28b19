extension SchemaCompiler.KeywordReader {
    /// The keywords that apply subschemas, in evaluation order (`unevaluated…` last, since they read what the
    /// others evaluated).
    func readApplicators(
        into keywords: inout [SchemaKeyword], compiler: inout SchemaCompiler
    ) throws(SchemaError) {
        try readArrayApplicators(into: &keywords, compiler: &compiler)
        try readObjectApplicators(into: &keywords, compiler: &compiler)
        if let list = try schemaList("allOf", &compiler) { keywords.append(compiler.rich(.allOf(list))) }
        if object["not"] != nil { keywords.append(.not(try sub(&compiler, "not"))) }
        if dialect == .draft2020, object["if"] != nil {
            keywords.append(
                .conditional(
                    condition: try sub(&compiler, "if"),
                    then: object["then"] != nil ? try sub(&compiler, "then") : nil,
                    otherwise: object["else"] != nil ? try sub(&compiler, "else") : nil))
        }
        if dialect == .draft2020, let reference = object["$dynamicRef"]?.stringValue {
            let target = try compiler.target(of: reference, base: context.base, at: at("$dynamicRef"))
            let fragment = SchemaURI.split(reference).fragment ?? ""
            let resource = compiler.nodes[target].resource
            let bookended = compiler.resources.resources[resource].dynamicAnchors.contains(fragment)
            keywords.append(
                compiler.rich(.dynamicReference(target, anchor: bookended ? fragment : nil, byResource: [:])))
        }
        if let discriminator = try readDiscriminator(&compiler) { keywords.append(compiler.rich(discriminator)) }
        if let list = try schemaList("anyOf", &compiler) { keywords.append(compiler.rich(.anyOf(list))) }
        if let list = try schemaList("oneOf", &compiler) { keywords.append(compiler.rich(.oneOf(list))) }
        if dialect == .draft2020 {
            if object["unevaluatedItems"] != nil {
                keywords.append(.unevaluatedItems(try sub(&compiler, "unevaluatedItems")))
            }
            if object["unevaluatedProperties"] != nil {
                keywords.append(.unevaluatedProperties(try sub(&compiler, "unevaluatedProperties")))
            }
        }
    }

    private func schemaList(_ keyword: String, _ compiler: inout SchemaCompiler) throws(SchemaError) -> [Int]? {
        guard let value = object[keyword] else { return nil }
        guard let list = value.arrayValue, !list.isEmpty else {
            throw fail(keyword, "\(keyword) must be a non-empty list of schemas")
        }
        var nodes: [Int] = []
        for index in list.indices { nodes.append(try sub(&compiler, keyword, String(index))) }
        return nodes
    }

    private func readArrayApplicators(
        into keywords: inout [SchemaKeyword], compiler: inout SchemaCompiler
    ) throws(SchemaError) {
        if dialect.isDraft4Family {
            if case .array = object["items"] ?? .null {
                let prefix = try schemaList("items", &compiler) ?? []
                let rest = object["additionalItems"] != nil ? try sub(&compiler, "additionalItems") : nil
                keywords.append(compiler.rich(.items(prefix: prefix, rest: rest)))
            } else if object["items"] != nil {
                let rest = try sub(&compiler, "items")
                keywords.append(compiler.rich(.items(prefix: [], rest: rest)))
            }
        } else {
            let prefix = object["prefixItems"] != nil ? try schemaList("prefixItems", &compiler) ?? [] : []
            let rest = object["items"] != nil ? try sub(&compiler, "items") : nil
            if !prefix.isEmpty || rest != nil {
                keywords.append(compiler.rich(.items(prefix: prefix, rest: rest)))
            }
            if object["contains"] != nil {
                let minimum = try integer("minContains") ?? 1
                let maximum = try integer("maxContains")
                keywords.append(.contains(try sub(&compiler, "contains"), minimum: minimum, maximum: maximum))
            }
        }
    }

    private func integer(_ keyword: String) throws(SchemaError) -> Int? {
        guard let value = object[keyword] else { return nil }
        guard let number = value.intValue, number >= 0 else {
            throw fail(keyword, "\(keyword) must be a whole number, 0 or more")
        }
        return number
    }

    private func readObjectApplicators(
        into keywords: inout [SchemaKeyword], compiler: inout SchemaCompiler
    ) throws(SchemaError) {
        var properties: [String: Int] = [:]
        var patterns: [(SchemaPattern, Int)] = []
        var additional: Int?
        if case .object(let map) = object["properties"] ?? .null {
            for name in map.keys { properties[name] = try sub(&compiler, "properties", name) }
        }
        if case .object(let map) = object["patternProperties"] ?? .null {
            for source in map.keys {
                guard let pattern = SchemaPattern(source) else {
                    throw fail("patternProperties", "the pattern \(source.debugDescription) does not compile")
                }
                patterns.append((pattern, try sub(&compiler, "patternProperties", source)))
            }
        }
        if object["additionalProperties"] != nil {
            additional = try sub(&compiler, "additionalProperties")
        }
        if !properties.isEmpty || !patterns.isEmpty || additional != nil {
            keywords.append(
                compiler.rich(
                    .members(MemberSchemas(properties: properties, patterns: patterns, additional: additional))))
        }
        if dialect == .draft2020, object["propertyNames"] != nil {
            keywords.append(.propertyNames(try sub(&compiler, "propertyNames")))
        }
        let dependentName = dialect.isDraft4Family ? "dependencies" : "dependentSchemas"
        if case .object(let map) = object[dependentName] ?? .null {
            var schemas: [(String, Int)] = []
            for member in map {
                if case .array = member.value { continue }
                schemas.append((member.key, try sub(&compiler, dependentName, member.key)))
            }
            if !schemas.isEmpty { keywords.append(compiler.rich(.dependentSchemas(schemas))) }
        }
    }

    /// OpenAPI's `discriminator`: the member whose value names the schema an object must match, from `mapping`
    /// or the names of the `oneOf` / `anyOf` references (`#/components/schemas/Dog` → `Dog`).
    private func readDiscriminator(_ compiler: inout SchemaCompiler) throws(SchemaError) -> SchemaRichKeyword? {
        guard case .object(let discriminator) = object["discriminator"] ?? .null,
            let property = discriminator["propertyName"]?.stringValue
        else { return nil }
        var mapping: [String: Int] = [:]
        for keyword in ["oneOf", "anyOf"] {
            for (index, choice) in (object[keyword]?.arrayValue ?? []).enumerated() {
                guard let reference = choice["$ref"]?.stringValue,
                    let name = reference.split(separator: "/").last.map(String.init)
                else { continue }
                mapping[name] = try sub(&compiler, keyword, String(index))
            }
        }
        if case .object(let explicit) = discriminator["mapping"] ?? .null {
            for member in explicit {
                guard let reference = member.value.stringValue else { continue }
                let target =
                    reference.contains("/") || reference.contains("#") ? reference : "#/components/schemas/" + reference
                mapping[member.key] = try compiler.target(of: target, base: context.base, at: at("discriminator"))
            }
        }
        return mapping.isEmpty ? nil : .discriminator(SchemaDiscriminator(property: property, mapping: mapping))
    }
}
