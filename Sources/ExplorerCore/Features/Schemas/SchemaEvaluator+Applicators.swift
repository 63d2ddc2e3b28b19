extension SchemaEvaluator {
    // Long function: one case per applicator keyword.
    /// Keywords that apply subschemas to the instance or to its members and items.
    mutating func evaluateApplicator(
        _ keyword: SchemaKeyword, of node: Int, _ instance: JSONValue, report: Bool,
        local: inout SchemaAnnotations?, discriminated: inout Bool
    ) -> Bool {
        switch keyword {
        case .contains(let subschema, let minimum, let maximum):
            guard case .array(let items) = instance else { return true }
            var matched: [Int] = []
            for (index, item) in items.enumerated()
            where evaluate(subschema, at: .index(index), item, report: false) {
                matched.append(index)
            }
            local?.containedItems.formUnion(matched)
            if matched.count >= minimum, maximum.map({ matched.count <= $0 }) ?? true { return true }
            if report {
                let expected =
                    matched.count < minimum
                    ? "at least \(Self.count(minimum, "item"))" : "at most \(Self.count(maximum ?? 0, "item"))"
                record(node, "contains", "expected \(expected) matching contains, got \(matched.count)")
            }
            return false
        case .propertyNames(let subschema):
            guard case .object(let object) = instance else { return true }
            for key in object.keys where !evaluate(subschema, at: .name(key), .string(key), report: false) {
                if report {
                    record(node, "propertyNames", "member name \(key.debugDescription) is not allowed")
                }
                return false
            }
            return true
        case .not(let subschema):
            var none: SchemaAnnotations?
            guard evaluate(subschema, instance, report: false, collect: &none) else { return true }
            if report { record(node, "not", "expected not to match the schema in not") }
            return false
        case .conditional(let condition, let then, let otherwise):
            if evaluate(condition, instance, report: false, collect: &local) {
                return then.map { evaluate($0, instance, report: report, collect: &local) } ?? true
            }
            return otherwise.map { evaluate($0, instance, report: report, collect: &local) } ?? true
        case .reference(let target):
            return follow(target, from: node, keyword: "$ref", instance, report: report, local: &local)
        case .unevaluatedProperties(let subschema):
            guard case .object(let object) = instance, local?.allProperties != true else { return true }
            var valid = true
            for (key, value) in object where !(local?.properties.contains(key) ?? false) {
                if !evaluateMember(subschema, key, value, of: node, "unevaluatedProperties", report: report) {
                    valid = false
                    if !report { return false }
                }
            }
            local?.allProperties = true
            return valid
        case .unevaluatedItems(let subschema):
            guard case .array(let items) = instance, local?.allItems != true else { return true }
            var valid = true
            let start = local?.items ?? 0
            for index in items.indices where index >= start && !(local?.containedItems.contains(index) ?? false) {
                if !evaluate(
                    subschema, at: .index(index), items[index], report: report && nodes[subschema].always != false)
                {
                    if report && nodes[subschema].always == false {
                        path.append(.index(index))
                        record(node, "unevaluatedItems", "unexpected item")
                        path.removeLast()
                    }
                    valid = false
                    if !report { return false }
                }
            }
            local?.allItems = true
            return valid
        default:
            return true
        }
    }

    // Long function: one case per applicator keyword.
    /// Applicators that hold lists or tables of subschemas.
    mutating func evaluateRichApplicator(
        _ keyword: SchemaRichKeyword, of node: Int, _ instance: JSONValue, report: Bool,
        local: inout SchemaAnnotations?, discriminated: inout Bool
    ) -> Bool {
        switch keyword {
        case .members(let members):
            guard case .object(let object) = instance else { return true }
            return evaluateMembers(members, object, of: node, report: report, local: &local)
        case .items(let prefix, let rest):
            guard case .array(let items) = instance else { return true }
            var valid = true
            for (index, item) in items.enumerated() {
                let subschema = index < prefix.count ? prefix[index] : rest
                guard let subschema else { break }
                if !evaluate(subschema, at: .index(index), item, report: report) {
                    valid = false
                    if !report { return false }
                }
            }
            if rest != nil {
                local?.allItems = true
            } else if let evaluated = local?.items {
                local?.items = max(evaluated, min(prefix.count, items.count))
            }
            return valid
        case .dependentSchemas(let schemas):
            guard case .object(let object) = instance else { return true }
            var valid = true
            for (trigger, subschema) in schemas where object[trigger] != nil {
                if !evaluate(subschema, instance, report: report, collect: &local) {
                    valid = false
                    if !report { return false }
                }
            }
            return valid
        case .allOf(let list):
            var valid = true
            for subschema in list where !evaluate(subschema, instance, report: report, collect: &local) {
                valid = false
                if !report && local == nil { return false }
            }
            return valid
        case .anyOf(let list):
            if discriminated { return true }
            var matched = false
            for subschema in list where evaluate(subschema, instance, report: false, collect: &local) {
                matched = true
                if local == nil { break }
            }
            if !matched && report {
                record(
                    node, "anyOf", "expected to match at least one of \(list.count) schemas, matched none")
            }
            return matched
        case .oneOf(let list):
            if discriminated { return true }
            var matched: [Int] = []
            for (number, subschema) in list.enumerated() {
                var branch: SchemaAnnotations? = local == nil ? nil : SchemaAnnotations()
                if evaluate(subschema, instance, report: false, collect: &branch) {
                    matched.append(number)
                    if let branch { local?.merge(branch) }
                    if matched.count > 1 && local == nil && !report { return false }
                }
            }
            if matched.count == 1 { return true }
            if report {
                let got =
                    matched.isEmpty
                    ? "matched none" : "matched \(matched.count) (\(matched.map(String.init).joined(separator: ", ")))"
                record(node, "oneOf", "expected to match exactly one of \(list.count) schemas, \(got)")
            }
            return false
        case .dynamicReference(let target, let anchor, let byResource):
            let chosen = dynamicTarget(target, anchor: anchor, byResource: byResource)
            return follow(chosen, from: node, keyword: "$dynamicRef", instance, report: report, local: &local)
        case .discriminator(let discriminator):
            let property = discriminator.property
            let mapping = discriminator.mapping
            guard case .object(let object) = instance, case .string(let value) = object[property] ?? .null else {
                return true
            }
            discriminated = true
            guard let target = mapping[value] else {
                if report {
                    let known = mapping.keys.sorted().prefix(8).map(\.debugDescription).joined(separator: ", ")
                    record(
                        node, "discriminator",
                        "expected \(property.debugDescription) to be one of \(known), got \(value.debugDescription)")
                }
                return false
            }
            return evaluate(target, instance, report: report, collect: &local)
        default:
            return true
        }
    }

    private mutating func evaluateMembers(
        _ members: MemberSchemas, _ object: JSONObject, of node: Int, report: Bool, local: inout SchemaAnnotations?
    ) -> Bool {
        var valid = true
        for position in object.indices {
            let (key, value) = object[position]
            var evaluated = false
            if let subschema = members.properties.value(for: key) {
                evaluated = true
                if !evaluate(subschema, at: .name(key), value, report: report) {
                    valid = false
                    if !report { return false }
                }
            }
            for (pattern, subschema) in members.patterns where pattern.matches(key, steps: &steps) == true {
                evaluated = true
                if !evaluate(subschema, at: .name(key), value, report: report) {
                    valid = false
                    if !report { return false }
                }
            }
            if !evaluated, let additional = members.additional {
                evaluated = true
                if !evaluateMember(additional, key, value, of: node, "additionalProperties", report: report) {
                    valid = false
                    if !report { return false }
                }
            }
            if evaluated { local?.properties.insert(key) }
        }
        return valid
    }

    /// A member checked by `additionalProperties` or `unevaluatedProperties`: `false` there says "unexpected
    /// member", the commonest case, in those words.
    private mutating func evaluateMember(
        _ subschema: Int, _ key: String, _ value: JSONValue, of node: Int, _ keyword: String, report: Bool
    ) -> Bool {
        if nodes[subschema].always == false {
            if report {
                path.append(.name(key))
                record(node, keyword, "unexpected member \(key.debugDescription)")
                path.removeLast()
            }
            return false
        }
        return evaluate(subschema, at: .name(key), value, report: report)
    }
}
