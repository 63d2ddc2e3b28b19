import Foundation

/// Edits one endpoint of a profile file's text in place, keeping every other byte: comments, key order, blank
/// lines, the user's quoting and style. libyaml gives where each node starts and ends (`YAMLSpan`); a key's text
/// runs to the line before the next key (comments and blank lines just above the next key stay with it).
///
/// Only what changed is rewritten, and in the style it was written (`ProfileSplicer+Values`): a changed scalar is
/// replaced where it stands (a comment after it stays), a mapping or list is edited entry by entry, block stays
/// block and flow stays flow, a removed key takes just its lines, and a new key is written like its siblings. A
/// new endpoint is appended to the list in the file's indentation. With `surgical` off, a changed key of the
/// endpoint is rewritten whole instead (`ProfileWriter`'s second try when the first does not read back).
///
/// It refuses (and the writer falls back to the overlay file) where that is not safe: a flow-style or empty
/// `endpoints` list, anchors and aliases, an item that does not start on its dash line, or line breaks other than
/// LF (Swift reads CR LF as one character, and the emitted lines would mix both endings).
struct ProfileSplicer {
    let text: SpliceText
    let root: YAMLSpan
    /// libyaml does not count a byte order mark; the text does.
    private let bias: Int
    let surgical: Bool
    /// How the file writes the collections of its endpoints and environments (`headers:`, `json:`, …): a new
    /// collection whose siblings are all scalars is written this way.
    let fieldStyle: ProfileEmitter.Style
    var edits: [SpliceText.Edit] = []

    struct Refusal: Error {
        var reason: String
    }

    init(text: String, surgical: Bool = true) throws(Refusal) {
        // The callers hand over LF text (`LineEndings`); a CR here would end up inside an emitted line.
        if text.utf8.contains(0x0D) { throw Refusal(reason: "the file has CR LF line endings") }
        if text.allSatisfy(\.isWhitespace) { throw Refusal(reason: "the file is empty") }
        guard let root = YAMLSpan.compose(text) else { throw Refusal(reason: "the file is not valid YAML") }
        self.text = SpliceText(text)
        self.bias = text.unicodeScalars.first == "\u{FEFF}" ? 1 : 0
        self.root = Self.shifted(root, by: bias)
        self.surgical = surgical
        self.fieldStyle = Self.fieldStyle(of: root)
    }

    /// Block when most collections that are fields of a list item (an endpoint's `headers:`, an environment's
    /// `variables:`) are written in block style; compact (flow while it fits a line) otherwise, as the emitter
    /// writes a new profile.
    private static func fieldStyle(of root: YAMLSpan) -> ProfileEmitter.Style {
        var block = 0
        var flow = 0
        let lists = root.kind == .mapping ? root.pairs.map(\.value).filter { $0.kind == .sequence } : []
        for item in lists.flatMap(\.children) where item.kind == .mapping {
            for pair in item.pairs where pair.value.kind == .mapping || pair.value.kind == .sequence {
                if pair.value.flow { flow += 1 } else { block += 1 }
            }
        }
        return block > flow ? .block : .compact
    }

    private static func shifted(_ node: YAMLSpan, by bias: Int) -> YAMLSpan {
        guard bias != 0 else { return node }
        var node = node
        node.start += bias
        node.end += bias
        node.children = node.children.map { shifted($0, by: bias) }
        return node
    }

    /// The text with `endpoint` saved over the endpoint `target` (whose current values are `old`), or appended
    /// when `old` is nil.
    mutating func save(_ endpoint: Endpoint, over old: Endpoint?, target: String) throws(Refusal) -> String {
        guard root.kind == .mapping, !root.flow else { throw Refusal(reason: "the profile is not a block mapping") }
        let pairs = root.pairs
        guard let listIndex = pairs.firstIndex(where: { $0.key.kind == .scalar && $0.key.string == "endpoints" })
        else {
            guard old == nil else { throw Refusal(reason: "the endpoint is not in the file") }
            return try applied() + ProfileEmitter.endpoints([endpoint])
        }
        let list = pairs[listIndex].value
        let keyLine = text.line(of: pairs[listIndex].key.start)
        if old == nil, list.kind == .sequence, list.children.isEmpty,
            text.lineText(keyLine).range(of: #"^endpoints:\s*\[\s*\]\s*(#.*)?$"#, options: .regularExpression) != nil
        {
            // `endpoints: []` of a new profile becomes a block list with the first endpoint.
            edits.append(
                .init(
                    text.lineStart(keyLine)..<text.lineStart(keyLine + 1),
                    "endpoints:\n" + ProfileEmitter.item(endpoint, indent: 2)))
            return try applied()
        }
        guard list.kind == .sequence, !list.flow, !list.children.isEmpty else {
            throw Refusal(reason: "the `endpoints` list is empty or written in flow style")
        }
        // The list ends where the next top-level key starts, or at the end of the file.
        let listEnd =
            listIndex + 1 < pairs.count ? text.line(of: pairs[listIndex + 1].key.start) - 1 : text.lineCount
        if usesAnchors(lines: keyLine...max(listEnd, 1)) {
            throw Refusal(reason: "the endpoints use YAML anchors, aliases or merge keys")
        }
        let items = list.children
        var spans: [ItemSpan] = []
        for (index, item) in items.enumerated() {
            let next = index + 1 < items.count ? text.line(of: items[index + 1].start) - 1 : listEnd
            spans.append(try span(of: item, nextStart: next))
        }
        guard let old else {
            let last = spans[spans.count - 1]
            edits.append(
                .insert(ProfileEmitter.item(endpoint, indent: last.dashColumn), at: text.lineStart(last.endLine + 1)))
            return try applied()
        }
        let position = items.firstIndex { item in
            item.kind == .mapping && item.pairs.contains { $0.key.string == "id" && $0.value.string == target }
        }
        guard let position else { throw Refusal(reason: "the endpoint `\(target)` is not in the file") }
        edit(items[position], span: spans[position], from: old, to: endpoint)
        return try applied()
    }

    func applied() throws(Refusal) -> String {
        do {
            return try text.applying(edits)
        } catch {
            throw Refusal(reason: "two edits of the endpoint overlap")
        }
    }

    // MARK: - Spans

    /// An item's lines: 1-based `startLine` (its dash) through `endLine`, trailing comments and blanks excluded.
    struct ItemSpan {
        var startLine: Int
        var endLine: Int
        var dashColumn: Int
    }

    private func span(of item: YAMLSpan, nextStart: Int) throws(Refusal) -> ItemSpan {
        guard item.kind == .mapping else { throw Refusal(reason: "an endpoint is not a mapping") }
        guard let dashColumn = text.dashColumn(before: item.start) else {
            throw Refusal(reason: "an endpoint does not start on the line of its dash")
        }
        let line = text.line(of: item.start)
        return ItemSpan(startLine: line, endLine: text.trimmedEnd(from: line, to: nextStart), dashColumn: dashColumn)
    }

    // MARK: - Editing one item

    /// Where one key of the endpoint lies: its lines (1-based, trailing comments and blanks excluded).
    private struct Region {
        var key: YAMLSpan
        var value: YAMLSpan
        var start: Int
        var end: Int
    }

    private mutating func edit(_ item: YAMLSpan, span: ItemSpan, from old: Endpoint, to new: Endpoint) {
        let pairs = item.pairs
        let keyLines = pairs.map { text.line(of: $0.key.start) }
        let contentColumn = text.column(of: item.start)
        if item.flow {
            // `- { id: a, path: /b }`: edited entry by entry inside its braces, or rewritten whole in flow style;
            // a comment after it stays.
            let fields = flowFields(item, from: old, to: new)
            edits += changes(item, from: .mapping(fields.before), to: .mapping(fields.after), at: .flow)
            return
        }
        if Set(keyLines).count != keyLines.count {
            replaceWhole(span, with: new)
            return
        }
        var regions: [String: Region] = [:]
        for (index, pair) in pairs.enumerated() where pair.key.kind == .scalar {
            let next = index + 1 < pairs.count ? keyLines[index + 1] - 1 : span.endLine
            regions[pair.key.string] = Region(
                key: pair.key, value: pair.value, start: keyLines[index],
                end: text.trimmedEnd(from: keyLines[index], to: next))
        }
        let style = siblingStyle(pairs.map(\.value))
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
                if surgical {
                    let place = Place.entry(region.key, lastLine: region.end)
                    let valueEdits = changes(region.value, from: before, to: value, at: place)
                    edits += valueEdits
                } else {
                    let column = text.column(of: region.key.start)
                    let field = ProfileEmitter.field(.init(key, value), indent: column)
                    edits.append(
                        .init(region.key.start..<text.lineStart(region.end + 1), String(field.dropFirst(column))))
                }
                anchor = region.end
            case (let region?, nil):
                if region.start == span.startLine {
                    replaceWhole(span, with: new)  // the key shares its line with the dash
                    return
                }
                edits.append(.init(text.lineStart(region.start)..<text.lineStart(region.end + 1), ""))
                anchor = region.end
            case (nil, let value?):
                edits.append(
                    .insert(
                        ProfileEmitter.field(.init(key, value), indent: contentColumn, style: style),
                        at: text.lineStart(anchor + 1)))
            case (nil, nil):
                break
            }
        }
    }

    /// A one-line endpoint's fields as the file writes them, before and after the edit: the keys it has, in its
    /// order (one it writes though it holds the default, `name` equal to the id, stays as written), and the keys
    /// the edit gives a value the file left to its default, each after the nearest key before it in the emitter's
    /// order. Compared with every field the emitter writes (`method: GET` included), the entries never lined up
    /// and the whole line was rewritten: `method: GET` added, the user's quotes gone.
    private func flowFields(_ item: YAMLSpan, from old: Endpoint, to new: Endpoint) -> (before: [Entry], after: [Entry])
    {
        var before: [Entry] = []
        var after: [Entry] = []
        for pair in item.pairs {
            let key = pair.key.string
            let was = ProfileEmitter.endpointValue(old, key)
            let now = ProfileEmitter.endpointValue(new, key)
            // Stands in for a value the emitter would leave out; equal on both sides, so it is never written.
            let asWritten = Value.scalar(
                String(String.UnicodeScalarView(text.scalars[pair.value.start..<pair.value.end])))
            before.append(Entry(key, was ?? asWritten))
            if was == now {
                after.append(Entry(key, was ?? asWritten))
            } else if let now {
                after.append(Entry(key, now))
            }
        }
        let written = Set(before.map(\.key))
        for (order, key) in ProfileEmitter.endpointKeys.enumerated() where !written.contains(key) {
            let now = ProfileEmitter.endpointValue(new, key)
            guard let now, now != ProfileEmitter.endpointValue(old, key) else { continue }
            let earlier = Set(ProfileEmitter.endpointKeys[..<order])
            let position = after.lastIndex { earlier.contains($0.key) }.map { $0 + 1 } ?? 0
            after.insert(Entry(key, now), at: position)
        }
        return (before, after)
    }

    private mutating func replaceWhole(_ span: ItemSpan, with endpoint: Endpoint) {
        let item = ProfileEmitter.item(endpoint, indent: span.dashColumn)
        edits = [.init(text.lineStart(span.startLine)..<text.lineStart(span.endLine + 1), item)]
    }

    /// Yams resolves aliases and merge keys while composing, so the text is searched instead: anything that
    /// looks like `&anchor`, `*alias` or `<<:` outside a comment. A false alarm only sends the edit to the overlay.
    private func usesAnchors(lines range: ClosedRange<Int>) -> Bool {
        for number in range where number <= text.lineCount {
            var line = text.lineText(number)
            if let comment = line.range(of: " #") { line = String(line[..<comment.lowerBound]) }
            if line.trimmingCharacters(in: .whitespaces).hasPrefix("#") { continue }
            if line.contains("<<:") { return true }
            if line.range(of: #"(^|[\s,\[{])[&*][^\s,\[\]{}]+"#, options: .regularExpression) != nil { return true }
        }
        return false
    }
}
