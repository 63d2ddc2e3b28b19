/// A changed value edited where it is written, in the style it is written in: a mapping or list entry by entry
/// (only changed entries touched, removed ones take just their text, new ones written like their siblings), a
/// scalar replaced where it stands. What cannot be edited entry by entry (the keys as written are not the ones the
/// value had, a key shares its line with a dash and goes away, …) is rewritten whole, still block if it was block
/// and flow if it was flow. The writer's read-back check stays the judge of the result.
extension ProfileSplicer {
    typealias Value = ProfileEmitter.Value
    typealias Entry = ProfileEmitter.Entry

    /// Where a value sits, which says how it is rewritten whole.
    enum Place {
        /// The value of `key` in a block mapping, whose text ends with line `lastLine`.
        case entry(YAMLSpan, lastLine: Int)
        /// An item of a block list, whose text ends with line `lastLine`.
        case item(lastLine: Int)
        /// Inside a flow collection: one piece of flow text.
        case flow
    }

    /// The edits that turn `node` (read as `old`; nil when the emitter leaves it out) into `new`.
    func changes(_ node: YAMLSpan, from old: Value?, to new: Value, at place: Place) -> [SpliceText.Edit] {
        let lastLine: Int? =
            switch place {
            case .entry(_, let line), .item(let line): line
            case .flow: nil
            }
        var edits: [SpliceText.Edit]?
        switch (node.kind, old, new) {
        case (.mapping, .mapping(let before)?, .mapping(let after)):
            edits = mappingChanges(node, from: before, to: after, lastLine: lastLine)
        case (.sequence, .sequence(let before)?, .sequence(let after)):
            edits = sequenceChanges(node, from: before, to: after, lastLine: lastLine)
        default:
            break
        }
        guard let edits else { return replacement(of: node, with: new, at: place) }
        if case .entry(let key, _) = place, overflows(node, after: edits) {
            // Grown past the line the emitter keeps flow style to: below its key in block style, as it writes it.
            let indent = text.column(of: key.start) + 2
            return [
                .init(key.end..<node.end, ":\n" + ProfileEmitter.block(new, indent: indent, style: .compact).dropLast())
            ]
        }
        return edits
    }

    /// Whether a one-line flow collection that fit the emitter's width would no longer fit after `edits`.
    private func overflows(_ node: YAMLSpan, after edits: [SpliceText.Edit]) -> Bool {
        guard node.flow, node.kind != .scalar else { return false }
        let line = text.line(of: node.start)
        guard text.line(of: max(node.end - 1, node.start)) == line else { return false }
        let length = text.lineEnd(line) - text.lineStart(line)
        let growth = edits.reduce(0) { $0 + $1.text.unicodeScalars.count - $1.range.count }
        return length <= ProfileEmitter.flowWidth && length + growth > ProfileEmitter.flowWidth
    }

    /// `node` rewritten whole as `new`, keeping its style where `new` can take it.
    func replacement(of node: YAMLSpan, with new: Value, at place: Place) -> [SpliceText.Edit] {
        let flow = Self.quoted(ProfileEmitter.flowText(new), like: node)
        let collection = Self.isCollection(new)
        switch place {
        case .flow:
            return [.init(node.start..<node.end, flow)]
        case .entry(let key, let lastLine):
            let indent = text.column(of: key.start)
            if node.kind == .scalar, node.start == node.end {
                // `key:` with nothing after it (null): the value goes after the colon, a comment after it stays.
                guard key.end < text.scalars.count, text.scalars[key.end] == ":", !collection else {
                    return [.init(key.end..<text.lineEnd(lastLine), ": " + flow)]
                }
                return [.insert(" " + flow, at: key.end + 1)]
            }
            if node.flow {
                let single = ProfileEmitter.field(.init(key.string, new), indent: indent).split(separator: "\n").count
                guard node.kind == .scalar, collection, single > 1 else { return [.init(node.start..<node.end, flow)] }
                // A scalar that becomes a long collection continues below its key, as the emitter writes it.
                let block = ProfileEmitter.block(new, indent: indent + 2, style: .compact)
                return [.init(key.end..<node.end, ":\n" + block.dropLast())]
            }
            if node.kind != .scalar, collection {
                return [blockRewrite(of: node, with: new, lastLine: lastLine)]
            }
            return [.init(key.end..<text.lineEnd(lastLine), ": " + flow)]
        case .item(let lastLine):
            if node.flow { return [.init(node.start..<node.end, flow)] }
            if node.kind != .scalar, collection { return [blockRewrite(of: node, with: new, lastLine: lastLine)] }
            return [.init(node.start..<text.lineEnd(lastLine), flow)]
        }
    }

    /// A block collection rewritten as block YAML at its own indentation.
    private func blockRewrite(of node: YAMLSpan, with new: Value, lastLine: Int) -> SpliceText.Edit {
        let indent = text.column(of: node.start)
        let block = ProfileEmitter.block(new, indent: indent, style: .block)
        return .init(node.start..<text.lineEnd(lastLine), String(block.dropFirst(indent).dropLast()))
    }

    /// A scalar's new text in the quotes its old text was written in: `id: "1"` edited to 142 stays `"142"`, as
    /// the file's author wrote it (the emitter writes a string field's `142` plain, which reads back the same).
    /// Text the emitter already quoted, an empty value and a node that was not a quoted scalar keep their text.
    static func quoted(_ text: String, like node: YAMLSpan) -> String {
        guard node.kind == .scalar, let quote = node.quote, let first = text.first, first != "\"", first != "'",
            !"[{|>".contains(first), text != "null", text != "~"
        else { return text }
        if quote == "'" { return "'" + text.replacingScalars(["'": "''"]) + "'" }
        return ProfileEmitter.doubleQuoted(text)
    }

    private static func isCollection(_ value: Value) -> Bool {
        switch value {
        case .scalar, .literal: false
        case .sequence(let items): !items.isEmpty
        case .mapping(let entries): !entries.isEmpty
        }
    }

    /// How new collections next to `siblings` are written: block when every sibling collection is block, compact
    /// when one is flow, and as the file writes the collections of its endpoints (`fieldStyle`) when no sibling is
    /// a collection (a JSON body pasted into an endpoint of scalars, in a file written in block style, is block).
    func siblingStyle(_ siblings: [YAMLSpan]) -> ProfileEmitter.Style {
        let collections = siblings.filter { $0.kind == .mapping || $0.kind == .sequence }
        guard !collections.isEmpty else { return fieldStyle }
        return collections.allSatisfy({ !$0.flow }) ? .block : .compact
    }

    // MARK: - Mappings

    /// Entry-by-entry edits of a mapping written with exactly `old`'s keys, or nil when it cannot be edited so
    /// (other keys, keys kept in another order, nothing kept).
    private func mappingChanges(_ node: YAMLSpan, from old: [Entry], to new: [Entry], lastLine: Int?)
        -> [SpliceText.Edit]?
    {
        let pairs = node.pairs
        let oldKeys = old.map(\.key)
        let newKeys = new.map(\.key)
        guard pairs.count == old.count,
            zip(pairs, oldKeys).allSatisfy({ $0.key.kind == .scalar && $0.key.string == $1 })
        else { return nil }
        let kept = newKeys.filter(oldKeys.contains)
        guard !kept.isEmpty, kept == oldKeys.filter(newKeys.contains) else { return nil }
        if node.flow { return flowMappingChanges(pairs, from: old, to: new) }
        guard let lastLine else { return nil }
        return blockMappingChanges(pairs, from: old, to: new, lastLine: lastLine)
    }

    private func blockMappingChanges(
        _ pairs: [(key: YAMLSpan, value: YAMLSpan)], from old: [Entry], to new: [Entry], lastLine: Int
    ) -> [SpliceText.Edit]? {
        let keyLines = pairs.map { text.line(of: $0.key.start) }
        guard Set(keyLines).count == keyLines.count,
            pairs.dropFirst().allSatisfy({ text.onlySpacesBefore($0.key.start) })
        else { return nil }
        let ends = keyLines.indices.map { index in
            text.trimmedEnd(from: keyLines[index], to: index + 1 < keyLines.count ? keyLines[index + 1] - 1 : lastLine)
        }
        var edits: [SpliceText.Edit] = []
        for (index, entry) in old.enumerated() {
            if let match = new.first(where: { $0.key == entry.key }) {
                guard match.value != entry.value else { continue }
                edits += changes(
                    pairs[index].value, from: entry.value, to: match.value,
                    at: .entry(pairs[index].key, lastLine: ends[index]))
            } else {
                guard text.onlySpacesBefore(pairs[index].key.start) else { return nil }
                edits.append(.init(text.lineStart(keyLines[index])..<text.lineStart(ends[index] + 1), ""))
            }
        }
        let indent = text.column(of: pairs[0].key.start)
        let style = siblingStyle(pairs.map(\.value))
        for (position, entry) in new.enumerated() where !old.contains(where: { $0.key == entry.key }) {
            let field = ProfileEmitter.field(entry, indent: indent, style: style)
            if let previous = keptIndex(before: position, in: new, old: old) {
                edits.append(.insert(field, at: text.lineStart(ends[previous] + 1)))
            } else if let first = old.firstIndex(where: { entry in new.contains { $0.key == entry.key } }) {
                // Before the first kept key, which may follow a dash: the new key takes its place on the line.
                let pad = String(repeating: " ", count: indent)
                edits.append(.insert(String(field.dropFirst(indent)) + pad, at: pairs[first].key.start))
            }
        }
        return edits
    }

    private func flowMappingChanges(
        _ pairs: [(key: YAMLSpan, value: YAMLSpan)], from old: [Entry], to new: [Entry]
    ) -> [SpliceText.Edit]? {
        var edits: [SpliceText.Edit] = []
        var keptBefore = false
        for (index, entry) in old.enumerated() {
            if let match = new.first(where: { $0.key == entry.key }) {
                keptBefore = true
                guard match.value != entry.value else { continue }
                edits += changes(pairs[index].value, from: entry.value, to: match.value, at: .flow)
            } else if keptBefore {
                edits.append(.init(pairs[index - 1].value.end..<pairs[index].value.end, ""))  // `, key: value`
            } else {
                edits.append(.init(pairs[index].key.start..<pairs[index + 1].key.start, ""))  // `key: value, `
            }
        }
        for (position, entry) in new.enumerated() where !old.contains(where: { $0.key == entry.key }) {
            let text = ProfileEmitter.quoted(entry.key, asString: true) + ": " + ProfileEmitter.flowText(entry.value)
            if let previous = keptIndex(before: position, in: new, old: old) {
                edits.append(.insert(", " + text, at: pairs[previous].value.end))
            } else if let first = old.firstIndex(where: { entry in new.contains { $0.key == entry.key } }) {
                edits.append(.insert(text + ", ", at: pairs[first].key.start))
            }
        }
        return edits
    }

    /// The index in `old` of the nearest entry before `new[position]` that both have.
    private func keptIndex(before position: Int, in new: [Entry], old: [Entry]) -> Int? {
        for entry in new[..<position].reversed() {
            if let index = old.firstIndex(where: { $0.key == entry.key }) { return index }
        }
        return nil
    }

    // MARK: - Lists

    /// Item-by-item edits of a list: items compared by position, new ones appended, the last ones removed.
    private func sequenceChanges(_ node: YAMLSpan, from old: [Value], to new: [Value], lastLine: Int?)
        -> [SpliceText.Edit]?
    {
        let items = node.children
        guard !old.isEmpty, !new.isEmpty, items.count == old.count, !items.contains(where: { $0.kind == .alias })
        else { return nil }
        let common = min(old.count, new.count)
        var edits: [SpliceText.Edit] = []
        if node.flow {
            for index in 0..<common where old[index] != new[index] {
                edits += changes(items[index], from: old[index], to: new[index], at: .flow)
            }
            if new.count > old.count {
                let added = new[old.count...].map { ", " + ProfileEmitter.flowText($0) }.joined()
                edits.append(.insert(added, at: items[old.count - 1].end))
            } else if old.count > new.count {
                edits.append(.init(items[new.count - 1].end..<items[old.count - 1].end, ""))
            }
            return edits
        }
        guard let lastLine, let dashColumn = text.dashColumn(before: items[0].start) else { return nil }
        let itemLines = items.map { text.line(of: $0.start) }
        guard Set(itemLines).count == itemLines.count,
            items.allSatisfy({ text.dashColumn(before: $0.start) == dashColumn })
        else { return nil }
        let ends = itemLines.indices.map { index in
            text.trimmedEnd(
                from: itemLines[index], to: index + 1 < itemLines.count ? itemLines[index + 1] - 1 : lastLine)
        }
        for index in 0..<common where old[index] != new[index] {
            edits += changes(items[index], from: old[index], to: new[index], at: .item(lastLine: ends[index]))
        }
        if new.count > old.count {
            let style = siblingStyle(items)
            let added = new[old.count...].map { ProfileEmitter.sequenceItem($0, indent: dashColumn, style: style) }
            edits.append(.insert(added.joined(), at: text.lineStart(ends[old.count - 1] + 1)))
        } else if old.count > new.count {
            edits.append(.init(text.lineStart(itemLines[new.count])..<text.lineStart(ends[old.count - 1] + 1), ""))
        }
        return edits
    }
}
