/// Every schema document a validation may reach, and the names inside them: schema resources (`$id`, draft 4's
/// `id`), `$anchor`s and `$dynamicAnchor`s, found once by walking the documents' schema positions.
///
/// Nothing is fetched: a reference reaches only the documents added here (the profile's schemas, the meta-schemas
/// apix carries, and whatever a caller adds, such as the test suite's `remotes/`).
struct SchemaResources {
    /// One schema resource: where its root is, and the names it declares.
    struct Resource {
        var document: Int
        var pointer: [String]
        var dialect: SchemaDialect
        var anchors: [String: [String]] = [:]
        var dynamicAnchors: Set<String> = []
        /// The `$schema` of its root when that names a meta-schema of its own (whose `$vocabulary` says which
        /// keywords count).
        var metaSchema: String?
    }

    /// Where a schema sits, and what its position says about it.
    struct Context {
        var base: String
        var dialect: SchemaDialect
        var resource: Int
    }

    private(set) var documents: [JSONValue] = []
    private(set) var documentBases: [String] = []
    /// Where each document's schemas are, when its root is not one (a profile's `components/schemas/NAME`).
    private var schemaRoots: [Set<[String]>] = []
    private(set) var resources: [Resource] = []
    private var resourceIndex: [String: Int] = [:]

    /// Adds a document whose root is identified by `base`, read by `dialect` unless it says otherwise. Its
    /// schemas are at `schemasAt` (the root, unless the document is a collection of them).
    mutating func add(_ document: JSONValue, base: String, dialect: SchemaDialect, schemasAt: [[String]] = [[]]) {
        let number = documents.count
        documents.append(document)
        documentBases.append(base)
        schemaRoots.append(Set(schemasAt))
        var walk = Walk(document: number, resources: self)
        walk.visitRoot(document, base: base, dialect: dialect, schemasAt: schemasAt)
        self = walk.resources
    }

    /// Whether a resource's keywords include the validation vocabulary: false only when its meta-schema is one of
    /// the documents and its `$vocabulary` leaves that vocabulary out.
    func validates(resource: Int) -> Bool {
        guard let uri = resources[resource].metaSchema, let found = resourceIndex[SchemaURI.split(uri).base],
            let root = value(document: resources[found].document, pointer: resources[found].pointer),
            case .object(let vocabularies) = root["$vocabulary"] ?? .null
        else { return true }
        return vocabularies["https://json-schema.org/draft/2020-12/vocab/validation"] != nil
    }

    /// The resource a URI without fragment names.
    func resource(named uri: String) -> Int? {
        resourceIndex[uri]
    }

    /// The URI a resource is known by (its first name).
    func uri(ofResource resource: Int) -> String {
        resourceIndex.first { $0.value == resource }?.key ?? ""
    }

    /// The value at `pointer` in a document.
    func value(document: Int, pointer: [String]) -> JSONValue? {
        var current = documents[document]
        for token in pointer {
            switch current {
            case .object(let object):
                guard let next = object[token] else { return nil }
                current = next
            case .array(let elements):
                guard let index = Int(token), token == String(index), elements.indices.contains(index) else {
                    return nil
                }
                current = elements[index]
            default:
                return nil
            }
        }
        return current
    }

    /// The base URI, dialect and resource in force at `pointer`, found by walking down from the document's root
    /// through the schema keywords on the way (a reference may land anywhere).
    func context(document: Int, pointer: [String]) -> Context {
        var base = documentBases[document]
        var resource = resourceIndex[SchemaURI.split(base).base] ?? 0
        var dialect = resources[resource].dialect
        var current = documents[document]
        let roots = schemaRoots[document]
        var position = roots.contains([]) ? Position.schema : .other
        var walked: [String] = []
        for token in pointer {
            if position == .schema, case .object(let object) = current {
                (base, dialect, resource) = entered(
                    object, walked: walked, base: base, dialect: dialect, resource: resource)
            }
            guard let next = Self.child(of: current, token) else { break }
            position = position.next(token, dialect: dialect, value: current)
            current = next
            walked.append(token)
            if roots.contains(walked) { position = .schema }
        }
        if position == .schema, case .object(let object) = current {
            (base, dialect, resource) = entered(
                object, walked: walked, base: base, dialect: dialect, resource: resource)
        }
        return Context(base: base, dialect: dialect, resource: resource)
    }

    private func entered(
        _ object: JSONObject, walked: [String], base: String, dialect: SchemaDialect, resource: Int
    ) -> (String, SchemaDialect, Int) {
        guard let id = Self.identifier(of: object, dialect: dialect) else { return (base, dialect, resource) }
        let uri = SchemaURI.split(SchemaURI.resolve(id, against: base)).base
        guard let found = resourceIndex[uri] else { return (base, dialect, resource) }
        return (uri, resources[found].dialect, found)
    }

    /// The `$id` (draft 4: `id`) that starts a new resource, not a plain-name fragment, and not beside a draft 4
    /// `$ref` (which hides its siblings).
    static func identifier(of object: JSONObject, dialect: SchemaDialect) -> String? {
        guard let id = object[dialect.idKeyword]?.stringValue else { return nil }
        if dialect.isDraft4Family && object["$ref"] != nil { return nil }
        if id.hasPrefix("#") { return nil }
        return id
    }

    static func child(of value: JSONValue, _ token: String) -> JSONValue? {
        switch value {
        case .object(let object): object[token]
        case .array(let elements): Int(token).flatMap { elements.indices.contains($0) ? elements[$0] : nil }
        default: nil
        }
    }

    // MARK: - Finding resources and anchors

    /// What a position in a schema document holds.
    enum Position: Equatable {
        case schema, schemaMap, schemaArray, schemaOrArray, other

        /// The position of `token` inside a value at this position.
        func next(_ token: String, dialect: SchemaDialect, value: JSONValue) -> Position {
            switch self {
            case .schema: Self.keyword(token, dialect: dialect, value: value[token])
            case .schemaMap: .schema
            case .schemaArray: .schema
            case .schemaOrArray: .other
            case .other: .other
            }
        }

        static func keyword(_ keyword: String, dialect: SchemaDialect, value: JSONValue?) -> Position {
            switch keyword {
            case "additionalProperties", "not", "propertyNames", "contains", "if", "then", "else",
                "unevaluatedItems", "unevaluatedProperties", "contentSchema", "additionalItems":
                return .schema
            case "properties", "patternProperties", "$defs", "definitions", "dependentSchemas":
                return .schemaMap
            case "dependencies":
                return .schemaMap
            case "allOf", "anyOf", "oneOf", "prefixItems":
                return .schemaArray
            case "items":
                if case .array = value { return .schemaArray }
                return .schema
            default:
                return .other
            }
        }
    }

    private struct Walk {
        let document: Int
        var resources: SchemaResources

        mutating func visitRoot(_ value: JSONValue, base: String, dialect: SchemaDialect, schemasAt: [[String]]) {
            let uri = SchemaURI.split(base).base
            let resource = register(uri, pointer: [], dialect: dialect)
            for pointer in schemasAt {
                guard let schema = resources.value(document: document, pointer: pointer) else { continue }
                visit(
                    schema, pointer: pointer, base: uri, dialect: dialect, resource: resource, isRoot: pointer.isEmpty)
            }
        }

        private mutating func register(_ uri: String, pointer: [String], dialect: SchemaDialect) -> Int {
            if let existing = resources.resourceIndex[uri] { return existing }
            resources.resources.append(Resource(document: document, pointer: pointer, dialect: dialect))
            resources.resourceIndex[uri] = resources.resources.count - 1
            return resources.resources.count - 1
        }

        private mutating func visit(
            _ value: JSONValue, pointer: [String], base: String, dialect: SchemaDialect, resource: Int, isRoot: Bool
        ) {
            guard case .object(let object) = value else { return }
            var base = base
            var dialect = dialect
            var resource = resource
            if let declared = object["$schema"]?.stringValue {
                if let named = SchemaDialect.named(declared) {
                    dialect = dialect == .openAPI30 && named == .draft4 ? .openAPI30 : named
                } else if declared.contains("json-schema.org") == false {
                    dialect = .draft2020
                }
            }
            if let id = SchemaResources.identifier(of: object, dialect: dialect) {
                let uri = SchemaURI.split(SchemaURI.resolve(id, against: base)).base
                base = uri
                resource = register(uri, pointer: pointer, dialect: dialect)
            }
            if isRoot { resources.resources[resource].dialect = dialect }
            if let declared = object["$schema"]?.stringValue, SchemaDialect.named(declared) == nil {
                resources.resources[resource].metaSchema = declared
            }
            if dialect.isDraft4Family, object["$ref"] != nil { return }
            if dialect.isDraft4Family, let id = object["id"]?.stringValue, id.hasPrefix("#") {
                resources.resources[resource].anchors[String(id.dropFirst())] = pointer
            }
            if dialect == .draft2020 {
                if let anchor = object["$anchor"]?.stringValue {
                    resources.resources[resource].anchors[anchor] = pointer
                }
                if let anchor = object["$dynamicAnchor"]?.stringValue {
                    resources.resources[resource].anchors[anchor] = pointer
                    resources.resources[resource].dynamicAnchors.insert(anchor)
                }
            }
            for (key, member) in object {
                switch Position.keyword(key, dialect: dialect, value: member) {
                case .schema:
                    visit(
                        member, pointer: pointer + [key], base: base, dialect: dialect, resource: resource,
                        isRoot: false)
                case .schemaMap:
                    guard case .object(let map) = member else { continue }
                    for (name, schema) in map {
                        visit(
                            schema, pointer: pointer + [key, name], base: base, dialect: dialect, resource: resource,
                            isRoot: false)
                    }
                case .schemaArray:
                    guard case .array(let list) = member else { continue }
                    for (index, schema) in list.enumerated() {
                        visit(
                            schema, pointer: pointer + [key, String(index)], base: base, dialect: dialect,
                            resource: resource, isRoot: false)
                    }
                case .schemaOrArray, .other:
                    continue
                }
            }
        }
    }
}
