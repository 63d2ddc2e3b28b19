import Foundation

/// Reads schema documents once into `SchemaNode`s: every keyword checked and put in the form evaluation wants,
/// every reference resolved to a node (each target compiled once, so cycles and shared targets cost nothing more).
struct SchemaCompiler {
    var resources: SchemaResources
    private(set) var nodes: [SchemaNode] = []
    /// Every node's keywords, one after another (`SchemaNode.keywords` says which are whose).
    private(set) var keywords: [SchemaKeyword] = []
    /// The keywords that hold lists, names or tables, which `keywords` names as `.rich(n)`.
    private(set) var richKeywords: [SchemaRichKeyword] = []
    private var nodeIndex: [String: Int] = [:]
    private var pending: [(node: Int, document: Int, pointer: [String])] = []
    private var dynamicReferences: [(node: Int, keyword: Int, anchor: String)] = []
    /// At most this many nodes, so a hostile document cannot make compiling exhaust memory.
    static let maxNodes = 500_000

    init(resources: SchemaResources) {
        self.resources = resources
    }

    /// The node of the schema at `pointer` in `document`, compiled (with everything it reaches).
    mutating func compile(document: Int, pointer: [String]) throws(SchemaError) -> Int {
        let index = try node(document: document, pointer: pointer)
        try finish()
        return index
    }

    /// The node a reference names, resolved against `base`.
    mutating func compile(reference: String, base: String) throws(SchemaError) -> Int {
        let index = try target(of: reference, base: base, at: "#")
        try finish()
        return index
    }

    private mutating func finish() throws(SchemaError) {
        while let next = pending.popLast() {
            try build(next.node, document: next.document, pointer: next.pointer)
        }
        // A `$dynamicRef` may land on any resource declaring its anchor; they are all known now.
        for entry in dynamicReferences {
            var byResource: [Int: Int] = [:]
            for (number, resource) in resources.resources.enumerated()
            where resource.dynamicAnchors.contains(entry.anchor) {
                if let pointer = resource.anchors[entry.anchor] {
                    byResource[number] = try node(document: resource.document, pointer: pointer)
                }
            }
            if case .dynamicReference(let target, let anchor, _) = richKeywords[entry.keyword] {
                richKeywords[entry.keyword] = .dynamicReference(target, anchor: anchor, byResource: byResource)
            }
        }
        while let next = pending.popLast() {
            try build(next.node, document: next.document, pointer: next.pointer)
        }
    }

    private func location(document: Int, pointer: [String]) -> String {
        let fragment = "#" + SchemaURI.pointer(pointer)
        return document == 0 ? fragment : resources.documentBases[document] + fragment
    }

    mutating func node(document: Int, pointer: [String]) throws(SchemaError) -> Int {
        let key = "\(document)#" + SchemaURI.pointer(pointer)
        if let existing = nodeIndex[key] { return existing }
        guard nodes.count < Self.maxNodes else {
            throw SchemaError(
                location: location(document: document, pointer: pointer),
                message: "the schema has more than \(Self.maxNodes) subschemas")
        }
        let context = resources.context(document: document, pointer: pointer)
        nodes.append(SchemaNode(location: location(document: document, pointer: pointer), resource: context.resource))
        nodeIndex[key] = nodes.count - 1
        pending.append((nodes.count - 1, document, pointer))
        return nodes.count - 1
    }

    /// Resolves `reference` against `base` to a node, adding a meta-schema apix carries when one is named.
    mutating func target(of reference: String, base: String, at location: String) throws(SchemaError) -> Int {
        let uri = SchemaURI.resolve(reference, against: base)
        let (resourceURI, fragment) = SchemaURI.split(uri)
        if resources.resource(named: resourceURI) == nil {
            SchemaMetaSchemas.add(containing: resourceURI, to: &resources)
        }
        guard let found = resources.resource(named: resourceURI) else {
            throw SchemaError(location: location, message: "\(reference.debugDescription) refers to no known schema")
        }
        let resource = resources.resources[found]
        var pointer = resource.pointer
        if let fragment, !fragment.isEmpty {
            if let tokens = SchemaURI.pointerTokens(fragment: fragment), fragment.hasPrefix("/") {
                pointer += tokens
            } else if let anchored = resource.anchors[fragment] {
                pointer = anchored
            } else {
                throw SchemaError(location: location, message: "\(reference.debugDescription) names no anchor")
            }
        }
        guard resources.value(document: resource.document, pointer: pointer) != nil else {
            throw SchemaError(location: location, message: "\(reference.debugDescription) points at nothing")
        }
        return try node(document: resource.document, pointer: pointer)
    }

    // MARK: - Keywords

    /// A keyword kept in `richKeywords`, as `keywords` names it.
    mutating func rich(_ keyword: SchemaRichKeyword) -> SchemaKeyword {
        richKeywords.append(keyword)
        return .rich(richKeywords.count - 1)
    }

    private mutating func build(_ index: Int, document: Int, pointer: [String]) throws(SchemaError) {
        let here = nodes[index].location
        guard let value = resources.value(document: document, pointer: pointer) else { return }
        switch value {
        case .bool(let always):
            nodes[index].always = always
            return
        case .object(let object):
            let context = resources.context(document: document, pointer: pointer)
            var reader = KeywordReader(
                object: object, document: document, pointer: pointer, context: context, location: here,
                validates: resources.validates(resource: context.resource))
            let read = try reader.read(into: &self)
            nodes[index].keywords = keywords.count..<keywords.count + read.count
            nodes[index].needsAnnotations = read.contains {
                switch $0 {
                case .unevaluatedItems, .unevaluatedProperties: true
                default: false
                }
            }
            for keyword in read {
                if case .rich(let number) = keyword, case .dynamicReference(_, let anchor?, _) = richKeywords[number] {
                    dynamicReferences.append((index, number, anchor))
                }
            }
            keywords += read
        default:
            throw SchemaError(location: here, message: "a schema must be an object or a boolean, not \(value.kindName)")
        }
    }

    /// Reads one schema object's keywords.
    struct KeywordReader {
        let object: JSONObject
        let document: Int
        let pointer: [String]
        let context: SchemaResources.Context
        let location: String
        let validates: Bool
        var dialect: SchemaDialect { context.dialect }

        func at(_ keyword: String) -> String { location + "/" + keyword.replacingOccurrences(of: "~", with: "~0") }

        func fail(_ keyword: String, _ message: String) -> SchemaError {
            SchemaError(location: at(keyword), message: message)
        }

        func sub(_ compiler: inout SchemaCompiler, _ tokens: String...) throws(SchemaError) -> Int {
            try compiler.node(document: document, pointer: pointer + tokens)
        }

        // Long function: one case per keyword, in evaluation order, reads more plainly than a table of closures.
        mutating func read(into compiler: inout SchemaCompiler) throws(SchemaError) -> [SchemaKeyword] {
            var keywords: [SchemaKeyword] = []
            if let reference = object["$ref"] {
                guard let text = reference.stringValue else { throw fail("$ref", "$ref must be a string") }
                let target = try compiler.target(of: text, base: context.base, at: at("$ref"))
                keywords.append(.reference(target))
                // Draft 4: a `$ref` is the whole schema, its siblings are ignored.
                if dialect.isDraft4Family { return keywords }
            }
            if validates {
                try readAssertions(into: &keywords, compiler: &compiler)
            }
            try readApplicators(into: &keywords, compiler: &compiler)
            return keywords
        }

        private func number(_ keyword: String) throws(SchemaError) -> Double? {
            guard let value = object[keyword] else { return nil }
            guard case .number(let text) = value, let double = Double(text) else {
                throw fail(keyword, "\(keyword) must be a number")
            }
            return double
        }

        private func count(_ keyword: String) throws(SchemaError) -> Int? {
            guard let value = object[keyword] else { return nil }
            guard case .number(let text) = value, let double = Double(text), double >= 0, double.rounded() == double
            else { throw fail(keyword, "\(keyword) must be a whole number, 0 or more") }
            return double > Double(Int.max / 2) ? Int.max / 2 : Int(double)
        }

        private func readAssertions(
            into keywords: inout [SchemaKeyword], compiler: inout SchemaCompiler
        ) throws(SchemaError) {
            let nullable = dialect == .openAPI30 && object["nullable"]?.boolValue == true
            if let type = object["type"] {
                var types = SchemaTypes()
                let names: [JSONValue] = type.arrayValue ?? [type]
                for name in names {
                    guard let text = name.stringValue, let found = SchemaTypes.names.first(where: { $0.0 == text })
                    else { throw fail("type", "unknown type \(name.compactText)") }
                    types.insert(found.1)
                }
                if nullable { types.insert(.null) }
                keywords.append(.type(types, integerStrict: dialect.isDraft4Family))
            }
            if let values = object["enum"] {
                guard let list = values.arrayValue else { throw fail("enum", "enum must be an array") }
                keywords.append(
                    compiler.rich(
                        .enumeration(
                            SchemaEnumeration(
                                values: Set(list.map(SchemaEquality.canonical)), shown: list, nullable: nullable)
                        )))
            }
            if let value = object["const"], dialect == .draft2020 {
                keywords.append(
                    compiler.rich(.constant(SchemaConstant(value: SchemaEquality.canonical(value), shown: value))))
            }
            if let divisor = try number("multipleOf") {
                guard divisor > 0, case .number(let text) = object["multipleOf"] else {
                    throw fail("multipleOf", "multipleOf must be more than 0")
                }
                keywords.append(.multipleOf(Decimal(string: text) ?? Decimal(divisor), double: divisor))
            }
            try readBounds(into: &keywords)
            if let value = try count("maxLength") {
                keywords.append(.length(value, name: "maxLength", isMaximum: true))
            }
            if let value = try count("minLength") {
                keywords.append(.length(value, name: "minLength", isMaximum: false))
            }
            if let value = object["pattern"] {
                guard let source = value.stringValue else { throw fail("pattern", "pattern must be a string") }
                guard let pattern = SchemaPattern(source) else {
                    throw fail("pattern", "the pattern \(source.debugDescription) does not compile")
                }
                keywords.append(compiler.rich(.pattern(pattern)))
            }
            if let value = object["format"]?.stringValue, let format = SchemaFormat(rawValue: value) {
                keywords.append(.format(format))
            }
            if let value = try count("maxItems") {
                keywords.append(.itemCount(value, name: "maxItems", isMaximum: true))
            }
            if let value = try count("minItems") {
                keywords.append(.itemCount(value, name: "minItems", isMaximum: false))
            }
            if object["uniqueItems"]?.boolValue == true { keywords.append(.uniqueItems) }
            if let value = try count("maxProperties") {
                keywords.append(.memberCount(value, name: "maxProperties", isMaximum: true))
            }
            if let value = try count("minProperties") {
                keywords.append(.memberCount(value, name: "minProperties", isMaximum: false))
            }
            if let value = object["required"] {
                guard let list = value.arrayValue?.compactMap(\.stringValue), list.count == value.arrayValue?.count
                else { throw fail("required", "required must be a list of names") }
                keywords.append(compiler.rich(.required(RequiredMembers(list.map(requiredMember)))))
            }
            let dependentName = dialect.isDraft4Family ? "dependencies" : "dependentRequired"
            if case .object(let map) = object[dependentName] ?? .null {
                let lists = map.compactMap { member -> (String, [String])? in
                    guard let names = member.value.arrayValue else { return nil }
                    return (member.key, names.compactMap(\.stringValue))
                }
                let name: StaticString = dialect.isDraft4Family ? "dependencies" : "dependentRequired"
                if !lists.isEmpty { keywords.append(compiler.rich(.dependentRequired(lists, name: name))) }
            }
        }

        /// A required name and whether OpenAPI marks its property read-only or write-only.
        private func requiredMember(_ name: String) -> RequiredMember {
            let property = object["properties"]?[name]
            return RequiredMember(
                name: name, readOnly: property?["readOnly"]?.boolValue == true,
                writeOnly: property?["writeOnly"]?.boolValue == true)
        }

        private func readBounds(into keywords: inout [SchemaKeyword]) throws(SchemaError) {
            if dialect.isDraft4Family {
                let exclusiveMinimum = object["exclusiveMinimum"]?.boolValue == true
                let exclusiveMaximum = object["exclusiveMaximum"]?.boolValue == true
                if let value = try number("minimum") {
                    keywords.append(
                        .bound(value, name: "minimum", kind: exclusiveMinimum ? .exclusiveMinimum : .minimum))
                }
                if let value = try number("maximum") {
                    keywords.append(
                        .bound(value, name: "maximum", kind: exclusiveMaximum ? .exclusiveMaximum : .maximum))
                }
                return
            }
            if let value = try number("minimum") { keywords.append(.bound(value, name: "minimum", kind: .minimum)) }
            if let value = try number("maximum") { keywords.append(.bound(value, name: "maximum", kind: .maximum)) }
            if let value = try number("exclusiveMinimum") {
                keywords.append(.bound(value, name: "exclusiveMinimum", kind: .exclusiveMinimum))
            }
            if let value = try number("exclusiveMaximum") {
                keywords.append(.bound(value, name: "exclusiveMaximum", kind: .exclusiveMaximum))
            }
        }
    }
}

extension JSONValue {
    /// The kind in words, for messages: `null`, `a boolean`, `a number`, `a string`, `an array`, `an object`.
    var kindName: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }

    /// The value as compact JSON, for messages.
    var compactText: String {
        SchemaEquality.shown(self)
    }
}
