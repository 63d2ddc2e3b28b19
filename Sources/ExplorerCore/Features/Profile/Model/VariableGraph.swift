/// Which of a profile's variables refer to which (`a: "{{b}}-x"`), walked without recursion: a profile may chain
/// thousands of variables, and a recursive walk overflowed the stack on 5,000 (`apix check` ended on a segfault).
struct VariableGraph {
    /// Every variable, each after every variable it refers to (but for those on a cycle), so values can be filled
    /// in this order.
    private(set) var order: [String] = []
    /// Every cycle of references (`x: "{{x}}"`; `a: "{{b}}"`, `b: "{{a}}"`), each once, as a depth-first walk from
    /// the names in sorted order meets them.
    private(set) var cycles: [[String]] = []

    init(_ templates: [String: Template]) {
        var done: Set<String> = []
        var onPath: [String: Int] = [:]  // name → its index in `path`
        var path: [String] = []
        // Each frame is a variable on the path and the references it has left to follow.
        var frames: [(name: String, next: IndexingIterator<[String]>)] = []
        func enter(_ name: String) {
            onPath[name] = path.count
            path.append(name)
            frames.append((name, (templates[name]?.variableNames ?? []).makeIterator()))
        }
        for root in templates.keys.sorted() where !done.contains(root) {
            enter(root)
            while !frames.isEmpty {
                guard let next = frames[frames.count - 1].next.next() else {
                    let name = frames.removeLast().name
                    path.removeLast()
                    onPath[name] = nil
                    done.insert(name)
                    order.append(name)
                    continue
                }
                guard templates[next] != nil, !done.contains(next) else { continue }
                if let index = onPath[next] {
                    cycles.append(Array(path[index...]))
                } else {
                    enter(next)
                }
            }
        }
    }

    /// How a cycle reads in an error: "variable `x` refers to itself", or "… through `a` → `b` → `a`".
    static func describe(_ cycle: [String]) -> String {
        guard let first = cycle.first else { return "" }
        guard cycle.count > 1 else { return "variable `\(first)` refers to itself" }
        return "variable `\(first)` refers to itself through "
            + (cycle + [first]).map { "`\($0)`" }.joined(separator: " → ")
    }
}
