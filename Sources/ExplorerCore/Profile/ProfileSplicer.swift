import Foundation
import Yams

/// Edits one endpoint of a profile file's text in place, keeping every other byte: comments, key order, blank
/// lines and the user's quoting. Yams gives where each key starts; a key's text runs to the line before the next
/// key (comments and blank lines just above the next key stay with it). Only the keys whose values changed are
/// rewritten; a new endpoint is appended to the list in the file's indentation.
///
/// It refuses (and the writer falls back to the overlay file) where that is not safe: a flow-style or empty
/// `endpoints` list, anchors and aliases, an item that does not start on its dash line, or line breaks other than
/// LF (Swift reads CR LF as one character, and the emitted lines would mix both endings).
struct ProfileSplicer {
    private var lines: [String]
    private let root: Node

    struct Refusal: Error {
        var reason: String
    }

    init(text: String) throws(Refusal) {
        // The callers hand over LF text (`LineEndings`); a CR here would end up inside an emitted line.
        if text.utf8.contains(0x0D) { throw Refusal(reason: "the file has CR LF line endings") }
        lines = LineEndings.lines(of: text)
        do {
            guard let node = try Yams.compose(yaml: text) else { throw Refusal(reason: "the file is empty") }
            root = node
        } catch let refusal as Refusal {
            throw refusal
        } catch {
            throw Refusal(reason: "the file is not valid YAML")
        }
    }

    /// The text with `endpoint` saved over the endpoint `target` (whose current values are `old`), or appended
    /// when `old` is nil.
    mutating func save(_ endpoint: Endpoint, over old: Endpoint?, target: String) throws(Refusal) -> String {
        guard let mapping = root.mapping, !isFlow(root) else {
            throw Refusal(reason: "the profile is not a block mapping")
        }
        let keys = Array(mapping.keys)
        guard let listIndex = keys.firstIndex(where: { $0.scalar?.string == "endpoints" }) else {
            guard old == nil else { throw Refusal(reason: "the endpoint is not in the file") }
            return lines.joined() + ProfileEmitter.endpoints([endpoint])
        }
        let list = Array(mapping.values)[listIndex]
        if old == nil, let sequence = list.sequence, sequence.count == 0, let keyMark = keys[listIndex].mark,
            lines[keyMark.line - 1].range(of: #"^endpoints:\s*\[\s*\]\s*(#.*)?$"#, options: .regularExpression) != nil
        {
            // `endpoints: []` of a new profile becomes a block list with the first endpoint.
            lines[keyMark.line - 1] = "endpoints:\n" + ProfileEmitter.item(endpoint, indent: 2)
            return lines.joined()
        }
        guard let sequence = list.sequence, !isFlow(list), sequence.count > 0 else {
            throw Refusal(reason: "the `endpoints` list is empty or written in flow style")
        }
        // The list ends where the next top-level key starts, or at the end of the file.
        let listEnd = listIndex + 1 < keys.count ? (keys[listIndex + 1].mark?.line ?? lines.count + 1) - 1 : lines.count
        if usesAnchors(lines: (keys[listIndex].mark?.line ?? 1)...max(listEnd, 1)) {
            throw Refusal(reason: "the endpoints use YAML anchors, aliases or merge keys")
        }
        let items = Array(sequence)
        var spans: [ItemSpan] = []
        for (index, item) in items.enumerated() {
            let next = index + 1 < items.count ? (items[index + 1].mark?.line ?? 1) - 1 : listEnd
            spans.append(try span(of: item, nextStart: next))
        }
        guard let old else {
            let last = spans[spans.count - 1]
            lines.insert(ProfileEmitter.item(endpoint, indent: last.dashColumn), at: last.endLine)
            return lines.joined()
        }
        guard let position = items.firstIndex(where: { $0.mapping?["id"]?.scalar?.string == target }) else {
            throw Refusal(reason: "the endpoint `\(target)` is not in the file")
        }
        try edit(items[position], span: spans[position], from: old, to: endpoint)
        return lines.joined()
    }

    // MARK: - Spans

    /// An item's lines: 1-based `startLine` (its dash) through `endLine`, trailing comments and blanks excluded.
    private struct ItemSpan {
        var startLine: Int
        var endLine: Int
        var dashColumn: Int
    }

    private func span(of item: Node, nextStart: Int) throws(Refusal) -> ItemSpan {
        guard let mark = item.mark, item.mapping != nil else { throw Refusal(reason: "an endpoint is not a mapping") }
        let before = prefix(ofLine: mark.line, column: mark.column)
        guard let dash = before.firstIndex(of: "-"),
            before[..<dash].allSatisfy({ $0 == " " }), before[before.index(after: dash)...].allSatisfy({ $0 == " " })
        else { throw Refusal(reason: "an endpoint does not start on the line of its dash") }
        let end = trimmedEnd(from: mark.line, to: nextStart)
        let dashColumn = before.distance(from: before.startIndex, to: dash)
        return ItemSpan(startLine: mark.line, endLine: end, dashColumn: dashColumn)
    }

    /// The last line in `start...end` that is not blank or a comment (never before `start`).
    private func trimmedEnd(from start: Int, to end: Int) -> Int {
        LineEndings.trimmedEnd(of: lines, from: start, to: end)
    }

    /// Whether a collection is written in flow style (`[…]`, `{…}`). Yams reports the style of composed nodes as
    /// `any`, so the text at the node's start tells.
    private func isFlow(_ node: Node) -> Bool {
        guard let mark = node.mark, mark.line <= lines.count else { return false }
        let rest = lines[mark.line - 1].unicodeScalars.dropFirst(mark.column - 1)
        return rest.first == "[" || rest.first == "{"
    }

    private func prefix(ofLine line: Int, column: Int) -> Substring {
        let text = lines[line - 1]
        let scalars = text.unicodeScalars
        let end = scalars.index(scalars.startIndex, offsetBy: min(column - 1, scalars.count))
        return Substring(text[..<end])
    }

    // MARK: - Editing one item

    private struct Edit {
        /// 0-based half-open line range replaced; empty for an insertion before `from`.
        var from: Int
        var to: Int
        /// Text kept at the start of the first replaced line (what precedes the key on its dash line).
        var keep: Substring
        var text: String
    }

    private mutating func edit(_ item: Node, span: ItemSpan, from old: Endpoint, to new: Endpoint) throws(Refusal) {
        guard let mapping = item.mapping else { return }
        let keyNodes = Array(mapping.keys)
        let keyLines = keyNodes.map { $0.mark?.line ?? 0 }
        let contentColumn = (item.mark?.column ?? 1) - 1
        if isFlow(item) || Set(keyLines).count != keyLines.count {
            replaceWhole(span, with: new)
            return
        }
        // Where each key's text lies: [start, end] lines, 1-based.
        var regions: [String: (start: Int, end: Int, column: Int)] = [:]
        for (index, key) in keyNodes.enumerated() {
            guard let name = key.scalar?.string, let mark = key.mark else { continue }
            let next = index + 1 < keyNodes.count ? keyLines[index + 1] - 1 : span.endLine
            regions[name] = (mark.line, trimmedEnd(from: mark.line, to: next), mark.column)
        }
        var edits: [Edit] = []
        var anchor = regions["id"]?.end ?? span.endLine  // new keys go after the nearest earlier key present
        for key in ProfileEmitter.endpointKeys {
            let before = ProfileEmitter.endpointValue(old, key)
            let after = ProfileEmitter.endpointValue(new, key)
            guard before != after else {
                if let region = regions[key] { anchor = region.end }
                continue
            }
            switch (regions[key], after) {
            case (let region?, let value?):
                let field = ProfileEmitter.field(.init(key, value), indent: region.column - 1)
                edits.append(
                    Edit(
                        from: region.start - 1, to: region.end,
                        keep: prefix(ofLine: region.start, column: region.column),
                        text: String(field.dropFirst(region.column - 1))))
                anchor = region.end
            case (let region?, nil):
                if region.start == span.startLine {
                    replaceWhole(span, with: new)  // the key shares its line with the dash
                    return
                }
                edits.append(Edit(from: region.start - 1, to: region.end, keep: "", text: ""))
                anchor = region.end
            case (nil, let value?):
                edits.append(
                    Edit(
                        from: anchor, to: anchor, keep: "",
                        text: ProfileEmitter.field(.init(key, value), indent: contentColumn)))
            case (nil, nil):
                break
            }
        }
        // Bottom-up, so earlier line numbers stay valid; at one line, a replacement before an insertion.
        for edit in edits.enumerated().sorted(by: { a, b in
            if a.element.from != b.element.from { return a.element.from > b.element.from }
            let aInsert = a.element.from == a.element.to
            let bInsert = b.element.from == b.element.to
            if aInsert != bInsert { return !aInsert }
            return a.offset > b.offset  // insertions at one place keep the canonical order
        }).map(\.element) {
            let replacement = edit.text.isEmpty && edit.keep.isEmpty ? [] : [String(edit.keep) + edit.text]
            lines.replaceSubrange(edit.from..<edit.to, with: replacement)
        }
    }

    private mutating func replaceWhole(_ span: ItemSpan, with endpoint: Endpoint) {
        let item = ProfileEmitter.item(endpoint, indent: span.dashColumn)
        lines.replaceSubrange(span.startLine - 1..<span.endLine, with: [item])
    }

    /// Yams resolves aliases and merge keys while composing, so the text is searched instead: anything that
    /// looks like `&anchor`, `*alias` or `<<:` outside a comment. A false alarm only sends the edit to the overlay.
    private func usesAnchors(lines range: ClosedRange<Int>) -> Bool {
        for number in range where number <= lines.count {
            var text = lines[number - 1]
            if let comment = text.range(of: " #") { text = String(text[..<comment.lowerBound]) }
            if text.trimmingCharacters(in: .whitespaces).hasPrefix("#") { continue }
            if text.contains("<<:") { return true }
            if text.range(of: #"(^|[\s,\[{])[&*][^\s,\[\]{}]+"#, options: .regularExpression) != nil { return true }
        }
        return false
    }
}
