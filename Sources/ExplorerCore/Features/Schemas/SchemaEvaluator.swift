/// One validation of one instance: walks the compiled nodes over the instance, keeps the instance location,
/// the dynamic scope (`$dynamicRef`), the references being followed (cycles), and the violations.
struct SchemaEvaluator {
    /// The compiled nodes and their keywords, read in place: reading a node or keyword out of an array copied it
    /// (with a retain and release of everything it holds) for every value of the instance. `CompiledSchema` keeps
    /// the arrays alive for the evaluator's whole life (see `withEvaluator`).
    let nodes: UnsafeBufferPointer<SchemaNode>
    let keywords: UnsafeBufferPointer<SchemaKeyword>
    let richKeywords: UnsafeBufferPointer<SchemaRichKeyword>
    let options: SchemaOptions
    private(set) var violations: [SchemaViolation] = []
    private(set) var violationCount = 0
    private(set) var stopped: String?
    var steps = 0
    private var depth = 0
    /// Where in the instance: member names and indexes from the root.
    var path: [JSONPathNode.Element] = []
    private var dynamicScope: [Int] = []
    /// References being followed, and the instance depth at which each was entered.
    private var followed: [(node: Int, depth: Int)] = []

    /// Deeper nesting of schemas than this stops the validation. The evaluation recurses once per level on the
    /// caller's stack: 2,000 levels overflowed a test thread's stack in a debug build (a crash, not a stop), so the
    /// bound leaves a wide margin; a recursive schema spends a level or two per instance level.
    static let maxDepth = 256

    init(
        nodes: UnsafeBufferPointer<SchemaNode>, keywords: UnsafeBufferPointer<SchemaKeyword>,
        richKeywords: UnsafeBufferPointer<SchemaRichKeyword>, options: SchemaOptions
    ) {
        self.nodes = nodes
        self.keywords = keywords
        self.richKeywords = richKeywords
        self.options = options
    }

    // MARK: - Violations

    mutating func record(_ location: String, _ message: String) {
        violationCount += 1
        guard violations.count < options.maxViolations else { return }
        violations.append(
            SchemaViolation(instanceLocation: instanceLocation, schemaLocation: location, message: message))
    }

    /// Records a violation of `keyword` of node `node`.
    mutating func record(_ node: Int, _ keyword: String, _ message: String) {
        record(nodes[node].location + "/" + keyword, message)
    }

    mutating func stop(_ reason: String) {
        if stopped == nil { stopped = reason }
    }

    /// The instance location as JSONPath: `$.data[3].email`, names that are not identifiers in brackets.
    var instanceLocation: String {
        var text = "$"
        for element in path {
            switch element {
            case .index(let index): text += "[\(index)]"
            case .name(let name):
                if let first = name.unicodeScalars.first, first == "_" || first.properties.isAlphabetic,
                    name.unicodeScalars.allSatisfy({
                        $0 == "_" || $0.properties.isAlphabetic || ("0"..."9").contains($0)
                    }),
                    name.unicodeScalars.allSatisfy(\.isASCII)
                {
                    text += "." + name
                } else {
                    text += "["
                    JSONQuoting.append(name, quote: "'", to: &text)
                    text += "]"
                }
            }
        }
        return text
    }

    // MARK: - Nodes

    /// Whether `instance` matches node `index`. `report` records violations; `collect`, when not nil, receives
    /// what the node evaluated (only when it matches).
    mutating func evaluate(
        _ index: Int, _ instance: JSONValue, report: Bool, collect: inout SchemaAnnotations?
    ) -> Bool {
        guard stopped == nil else { return false }
        steps += 1
        if steps > options.maxSteps {
            stop("stopped after \(options.maxSteps) evaluation steps")
            return false
        }
        if let always = nodes[index].always {
            if !always && report { record(nodes[index].location, "expected nothing here (the schema is false)") }
            return always
        }
        depth += 1
        defer { depth -= 1 }
        if depth > Self.maxDepth {
            stop("stopped: schemas nest deeper than \(Self.maxDepth) levels at \(nodes[index].location)")
            return false
        }
        let resource = nodes[index].resource
        let entersResource = dynamicScope.last != resource
        if entersResource { dynamicScope.append(resource) }
        defer { if entersResource { dynamicScope.removeLast() } }
        // Annotations only where an `unevaluated…` keyword will read them: none for most schemas.
        var local: SchemaAnnotations? = collect != nil || nodes[index].needsAnnotations ? SchemaAnnotations() : nil
        var valid = true
        var discriminated = false
        for position in nodes[index].keywords {
            if !evaluate(
                keywords[position], of: index, instance, report: report, local: &local, discriminated: &discriminated)
            {
                valid = false
                if !report && local == nil { return false }
            }
            if stopped != nil { return false }
        }
        if valid, collect != nil, let local { collect?.merge(local) }
        return valid
    }

    /// A subschema applied to a member or an item: the location steps in while it runs.
    mutating func evaluate(
        _ index: Int, at element: JSONPathNode.Element, _ instance: JSONValue, report: Bool
    ) -> Bool {
        path.append(element)
        defer { path.removeLast() }
        var none: SchemaAnnotations?
        return evaluate(index, instance, report: report, collect: &none)
    }

    /// Follows a reference, refusing one that comes back to itself without the instance moving on.
    mutating func follow(
        _ target: Int, from node: Int, keyword: String, _ instance: JSONValue, report: Bool,
        local: inout SchemaAnnotations?
    ) -> Bool {
        let here = path.count
        for entry in followed.reversed() {
            guard entry.depth == here else { break }
            if entry.node == target {
                stop("stopped: \(nodes[node].location)/\(keyword) refers back to itself without consuming the instance")
                return false
            }
        }
        followed.append((target, here))
        defer { followed.removeLast() }
        return evaluate(target, instance, report: report, collect: &local)
    }

    /// The node a `$dynamicRef` lands on: the outermost resource in scope that declares its anchor.
    func dynamicTarget(_ target: Int, anchor: String?, byResource: [Int: Int]) -> Int {
        guard anchor != nil else { return target }
        for resource in dynamicScope {
            if let found = byResource[resource] { return found }
        }
        return target
    }
}
