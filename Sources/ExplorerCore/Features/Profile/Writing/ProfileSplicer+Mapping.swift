/// A mapping of scalars found by its keys from the root (`variables`, `environments.NAME.variables`) edited in
/// place, the way an endpoint's values are (`ProfileSplicer+Values`): a changed value replaced where it stands (a
/// comment after it stays), a removed name takes just its lines, a new name is written like its siblings, block
/// stays block and flow stays flow. A key of the path that is missing is added in its parent's style (the whole
/// rest of the path below it). `VariableWriter` saves the explorer's variable edits through it, in the profile
/// file and the secrets file alike.
extension ProfileSplicer {
    /// The text with the mapping at `path` changed: each name of `change` set to its value (the text it stands for,
    /// written as a YAML scalar) or removed (nil).
    mutating func saveMapping(at path: [String], setting change: [String: String?]) throws(Refusal) -> String {
        guard root.kind == .mapping, !path.isEmpty else { throw Refusal(reason: "the file is not a mapping") }
        let additions = change.compactMap { name, value in value.map { Entry(name, Self.scalar($0)) } }
            .sorted { $0.key < $1.key }
        var node = root
        var key: YAMLSpan?
        var lastLine = text.lineCount
        var inFlow = false
        for (depth, name) in path.enumerated() {
            var place = Place.flow
            if let key, !inFlow { place = .entry(key, lastLine: lastLine) }
            if Self.isNull(node), key != nil {
                // `environments:` with nothing after it: the rest of the path goes there.
                guard !additions.isEmpty else { return try applied() }
                edits += replacement(of: node, with: Self.nested(path[depth...], additions), at: place)
                return try applied()
            }
            guard node.kind == .mapping else {
                throw Refusal(reason: "`\(path[..<depth].joined(separator: "."))` is not a mapping")
            }
            let pairs = node.pairs
            guard let index = pairs.firstIndex(where: { $0.key.kind == .scalar && $0.key.string == name }) else {
                guard !additions.isEmpty else { return try applied() }  // nothing there to remove
                let entry = Entry(name, Self.nested(path[(depth + 1)...], additions))
                try insert(entry, into: node, lastLine: lastLine, before: depth == 0 ? "environments" : nil)
                return try applied()
            }
            if node.flow {
                inFlow = true
            } else {
                let keyLine = text.line(of: pairs[index].key.start)
                let next = index + 1 < pairs.count ? text.line(of: pairs[index + 1].key.start) - 1 : lastLine
                lastLine = text.trimmedEnd(from: keyLine, to: next)
            }
            key = pairs[index].key
            node = pairs[index].value
        }
        guard let key else { throw Refusal(reason: "no mapping to edit") }
        let old: [Entry]?
        if Self.isNull(node) {
            old = nil
        } else if node.kind == .mapping {
            var entries: [Entry] = []
            for pair in node.pairs {
                guard pair.key.kind == .scalar, pair.value.kind == .scalar, pair.key.string != "<<" else {
                    throw Refusal(reason: "`\(path.joined(separator: "."))` holds more than plain values")
                }
                entries.append(Entry(pair.key.string, Self.scalar(pair.value.string)))
            }
            old = entries
        } else {
            throw Refusal(reason: "`\(path.joined(separator: "."))` is not a mapping")
        }
        var new: [Entry] = []
        for entry in old ?? [] {
            guard let changed = change[entry.key] else {
                new.append(entry)
                continue
            }
            if let value = changed { new.append(Entry(entry.key, Self.scalar(value))) }
        }
        new += additions.filter { addition in !(old ?? []).contains { $0.key == addition.key } }
        guard new != (old ?? []) else { return try applied() }
        let place: Place = inFlow ? .flow : .entry(key, lastLine: lastLine)
        edits += changes(node, from: old.map { Value.mapping($0) }, to: .mapping(new), at: place)
        return try applied()
    }

    /// `key: value` added to `node`: after its last entry, or (`before`) after the entry before that key.
    private mutating func insert(_ entry: Entry, into node: YAMLSpan, lastLine: Int, before: String?) throws(Refusal) {
        let pairs = node.pairs
        if node.flow {
            let text = ProfileEmitter.quoted(entry.key, asString: true) + ": " + ProfileEmitter.flowText(entry.value)
            if let last = pairs.last {
                edits.append(.insert(", " + text, at: last.value.end))
            } else {
                edits.append(.init(node.start..<node.end, "{ " + text + " }"))
            }
            return
        }
        guard let first = pairs.first, text.onlySpacesBefore(first.key.start) || node.start == root.start else {
            throw Refusal(reason: "`\(entry.key)` has no place to go")
        }
        let indent = text.column(of: first.key.start)
        let field = ProfileEmitter.field(entry, indent: indent, style: siblingStyle(pairs.map(\.value)))
        if let before, let index = pairs.firstIndex(where: { $0.key.string == before }) {
            guard index > 0 else {
                edits.append(.insert(field, at: text.lineStart(text.line(of: pairs[0].key.start))))
                return
            }
            // Right after the entry before it: comments above `before` stay with it.
            let previous = text.line(of: pairs[index - 1].key.start)
            let end = text.trimmedEnd(from: previous, to: text.line(of: pairs[index].key.start) - 1)
            edits.append(.insert(field, at: text.lineStart(end + 1)))
            return
        }
        let end = text.trimmedEnd(from: text.line(of: pairs[pairs.count - 1].key.start), to: lastLine)
        edits.append(.insert(field, at: text.lineStart(end + 1)))
    }

    /// `entries` under the keys of `path`, outermost first (`local` → `variables` → entries).
    private static func nested(_ path: ArraySlice<String>, _ entries: [Entry]) -> Value {
        path.reversed().reduce(Value.mapping(entries)) { inner, key in .mapping([Entry(key, inner)]) }
    }

    /// A variable's text as a YAML scalar (any scalar reads back as its text).
    static func scalar(_ text: String) -> Value { .scalar(ProfileEmitter.quoted(text, asString: false)) }

    /// A key with nothing after it, or written `~` / `null`.
    private static func isNull(_ node: YAMLSpan) -> Bool {
        node.kind == .scalar && node.flow && ["", "~", "null", "Null", "NULL"].contains(node.string)
            && (node.string.isEmpty ? node.start == node.end : true)
    }
}
