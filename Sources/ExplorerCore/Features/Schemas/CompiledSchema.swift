/// A JSON Schema compiled once, to validate many instances: JSON Schema 2020-12, draft 4 and OpenAPI 3.0's
/// dialect, with references inside and between the documents it was compiled from.
///
/// ```swift
/// let schema = try CompiledSchema(["type": "object", "required": ["id"]])
/// let result = schema.validate(try JSONValue.parse(body))
/// for violation in result.violations { print(violation) }  // $: expected member "id", missing (#/required)
/// ```
/// Validation is pure and bounded (`SchemaOptions.maxSteps`, a depth limit, reference cycles found as they
/// happen, `pattern` matching bounded by `SchemaPattern`).
package struct CompiledSchema: Sendable {
    let nodes: [SchemaNode]
    /// Every node's keywords, one after another (`SchemaNode.keywords` says which are whose).
    let keywords: [SchemaKeyword]
    /// The keywords `keywords` names as `.rich(n)`.
    let richKeywords: [SchemaRichKeyword]
    let root: Int

    init(compiler: SchemaCompiler, root: Int) {
        nodes = compiler.nodes
        keywords = compiler.keywords
        richKeywords = compiler.richKeywords
        self.root = root
    }

    /// Compiles one schema document. `base` names it, for `$id`s and references that are relative; `documents`
    /// are other documents its references may reach, by the URI that names each.
    package init(
        _ document: JSONValue, dialect: SchemaDialect = .draft2020, base: String = "apix:schema",
        documents: [(uri: String, document: JSONValue)] = []
    ) throws(SchemaError) {
        var resources = SchemaResources()
        resources.add(document, base: base, dialect: dialect)
        for other in documents { resources.add(other.document, base: other.uri, dialect: dialect) }
        var compiler = SchemaCompiler(resources: resources)
        let root = try compiler.compile(document: 0, pointer: [])
        self.init(compiler: compiler, root: root)
    }

    /// Compiles the schema `reference` names in `document` (`#/components/schemas/Customer`), with whatever
    /// else of the document it reaches.
    package init(
        _ document: JSONValue, dialect: SchemaDialect = .draft2020, base: String, reference: String
    ) throws(SchemaError) {
        var resources = SchemaResources()
        resources.add(document, base: base, dialect: dialect, schemasAt: Self.schemaPositions(in: document))
        var compiler = SchemaCompiler(resources: resources)
        let root = try compiler.compile(reference: reference, base: base)
        self.init(compiler: compiler, root: root)
    }

    /// Where a document holds schemas: under `components/schemas` (OpenAPI's and a profile's), else its root.
    static func schemaPositions(in document: JSONValue) -> [[String]] {
        guard case .object(let schemas) = document["components"]?["schemas"] ?? .null else { return [[]] }
        return schemas.keys.map { ["components", "schemas", $0] }
    }

    /// Validates one instance.
    package func validate(_ instance: JSONValue, options: SchemaOptions = SchemaOptions()) -> SchemaValidation {
        withEvaluator(options) { evaluator in
            var none: SchemaAnnotations?
            let valid = evaluator.evaluate(root, instance, report: true, collect: &none)
            return SchemaValidation(
                isValid: valid && evaluator.stopped == nil, violations: evaluator.violations,
                violationCount: max(evaluator.violationCount, valid ? 0 : 1), stopped: evaluator.stopped)
        }
    }

    /// Whether `instance` is valid, without collecting violations (faster on a failure).
    package func isValid(_ instance: JSONValue, options: SchemaOptions = SchemaOptions()) -> Bool {
        withEvaluator(options) { evaluator in
            var none: SchemaAnnotations?
            return evaluator.evaluate(root, instance, report: false, collect: &none) && evaluator.stopped == nil
        }
    }

    /// An evaluator that reads the nodes and keywords in place, for as long as `body` runs: the buffers stay
    /// valid because `self` holds the arrays throughout, and the evaluator does not outlive the call.
    private func withEvaluator<Result>(
        _ options: SchemaOptions, _ body: (inout SchemaEvaluator) -> Result
    ) -> Result {
        nodes.withUnsafeBufferPointer { nodes in
            keywords.withUnsafeBufferPointer { keywords in
                richKeywords.withUnsafeBufferPointer { richKeywords in
                    var evaluator = SchemaEvaluator(
                        nodes: nodes, keywords: keywords, richKeywords: richKeywords, options: options)
                    return body(&evaluator)
                }
            }
        }
    }
}

/// What a schema evaluated in an instance, for `unevaluatedProperties` and `unevaluatedItems`.
struct SchemaAnnotations {
    var properties: Set<String> = []
    var allProperties = false
    var items = 0
    var allItems = false
    var containedItems: Set<Int> = []

    mutating func merge(_ other: SchemaAnnotations) {
        properties.formUnion(other.properties)
        allProperties = allProperties || other.allProperties
        items = max(items, other.items)
        allItems = allItems || other.allItems
        containedItems.formUnion(other.containedItems)
    }
}
