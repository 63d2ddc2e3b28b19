/// Which names depend on which (variables on the variables they use, endpoints on the endpoints whose values they
/// use), walked depth-first without recursion: a profile may chain thousands of them, and recursive walks overflowed
/// the stack (`apix check` ended on a segfault with 5,000 variables, and with 5,000 endpoints each using the next).
struct DependencyGraph {
    /// Every name reached, each after every name it depends on (but for those on a cycle), so values can be filled
    /// in this order.
    private(set) var order: [String] = []
    /// Every cycle met (`x` → `x`; `a` → `b` → `a`), as the path from the name met again, in the order found.
    private(set) var cycles: [[String]] = []

    /// Walks from each of `roots` in turn; `dependencies` gives a name's, and names it returns nil for are left out.
    init(roots: [String], dependencies: (String) -> [String]?) {
        var done: Set<String> = []
        var onPath: [String: Int] = [:]  // name → its index in `path`
        var path: [String] = []
        // Each frame is a name on the path and the dependencies it has left to follow.
        var frames: [(name: String, next: IndexingIterator<[String]>)] = []
        func enter(_ name: String, _ next: [String]) {
            onPath[name] = path.count
            path.append(name)
            frames.append((name, next.makeIterator()))
        }
        for root in roots where !done.contains(root) && onPath[root] == nil {
            guard let first = dependencies(root) else { continue }
            enter(root, first)
            while !frames.isEmpty {
                guard let next = frames[frames.count - 1].next.next() else {
                    let name = frames.removeLast().name
                    path.removeLast()
                    onPath[name] = nil
                    done.insert(name)
                    order.append(name)
                    continue
                }
                guard !done.contains(next) else { continue }
                if let index = onPath[next] {
                    cycles.append(Array(path[index...]))
                } else if let further = dependencies(next) {
                    enter(next, further)
                }
            }
        }
    }

    /// The variables among `templates`, walked from their names in sorted order.
    init(variables templates: [String: Template]) {
        self.init(roots: templates.keys.sorted()) { templates[$0]?.variableNames }
    }

    /// How a cycle of variables reads in an error: "variable `x` refers to itself", or "… through `a` → `b` → `a`".
    static func describe(_ cycle: [String]) -> String {
        guard let first = cycle.first else { return "" }
        guard cycle.count > 1 else { return "variable `\(first)` refers to itself" }
        return "variable `\(first)` refers to itself through "
            + (cycle + [first]).map { "`\($0)`" }.joined(separator: " → ")
    }
}
