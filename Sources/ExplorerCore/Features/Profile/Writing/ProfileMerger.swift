import Foundation
import Yams

/// Adds to a profile (or secrets) file's text what it lacks, keeping every byte already there: endpoints appended
/// to the `endpoints` list, and names missing from `variables` and `environments` (and from each environment's
/// `variables`) inserted at the end of their mapping, in its indentation, or before the closing brace of a
/// one-line flow mapping. Yams gives where each key starts; a value's text runs to the line before the next key.
///
/// It refuses where that is not safe: anchors and aliases (their marks are the anchor's), line breaks other than
/// LF, a flow collection over several lines, or a key whose value is not a mapping.
struct ProfileMerger {
    typealias Entry = ProfileEmitter.Entry

    struct Refusal: Error {
        var reason: String
    }

    private var lines: [String]
    private let root: Node.Mapping
    /// Edits against the original line numbers, applied bottom-up by `text`.
    private var edits: [Edit] = []

    private struct Edit {
        /// 1-based line: text inserted after it (`column` nil) or into it at a UTF-8 offset.
        var line: Int
        var column: Int?
        var text: String
    }

    init(text: String) throws(Refusal) {
        // The callers hand over LF text (`LineEndings`); a CR here would end up inside an emitted line.
        if text.utf8.contains(0x0D) { throw Refusal(reason: "the file has CR LF line endings") }
        lines = LineEndings.lines(of: text)
        let composed: Node?
        do {
            composed = try Yams.compose(yaml: text)
        } catch {
            throw Refusal(reason: "the file is not valid YAML")
        }
        if composed == nil {
            root = Node.Mapping([])
        } else if let mapping = composed?.mapping, !Self.isFlow(composed!, lines) {
            root = mapping
        } else {
            throw Refusal(reason: "the file is not a block mapping")
        }
        if usesAnchors() { throw Refusal(reason: "the file uses YAML anchors, aliases or merge keys") }
    }

    /// The text with every edit made.
    var text: String {
        var lines = lines
        // Bottom-up; on one line, in-line edits right to left, then insertions after it in their order.
        let ordered = edits.enumerated().sorted { a, b in
            if a.element.line != b.element.line { return a.element.line > b.element.line }
            switch (a.element.column, b.element.column) {
            case (let x?, let y?): return x > y
            case (.some, nil): return true
            case (nil, .some): return false
            case (nil, nil): return a.offset > b.offset
            }
        }
        for edit in ordered.map(\.element) {
            if let column = edit.column {
                var bytes = Array(lines[edit.line - 1].utf8)
                bytes.insert(contentsOf: Array(edit.text.utf8), at: column)
                lines[edit.line - 1] = String(decoding: bytes, as: UTF8.self)
            } else {
                lines.insert(edit.text, at: edit.line)
            }
        }
        return lines.joined()
    }

    // MARK: - Endpoints

    /// Appends `endpoints` to the file's list (or starts one at the end of the file).
    mutating func append(endpoints: [Endpoint]) throws(Refusal) {
        guard !endpoints.isEmpty else { return }
        let keys = Array(root.keys)
        guard let index = keys.firstIndex(where: { $0.string == "endpoints" }) else {
            edits.append(Edit(line: lines.count, text: ProfileEmitter.endpoints(endpoints)))
            return
        }
        let list = Array(root.values)[index]
        let end = regionEnd(of: index, in: root, limit: lines.count)
        if list.sequence?.isEmpty == true, let mark = keys[index].mark,
            lines[mark.line - 1].range(of: #"^endpoints:\s*\[\s*\]\s*(#.*)?$"#, options: .regularExpression) != nil
        {
            lines[mark.line - 1] = "endpoints:\n"
            edits.append(Edit(line: mark.line, text: endpoints.map { ProfileEmitter.item($0, indent: 2) }.joined()))
            return
        }
        guard let sequence = list.sequence, !Self.isFlow(list, lines), let first = sequence.first,
            let mark = first.mark
        else { throw Refusal(reason: "the `endpoints` list is empty or written in flow style") }
        let before = lines[mark.line - 1].unicodeScalars.prefix(mark.column - 1)
        guard let dash = before.firstIndex(of: "-") else {
            throw Refusal(reason: "an endpoint does not start on the line of its dash")
        }
        let column = before.distance(from: before.startIndex, to: dash)
        let last = trimmedEnd(from: mark.line, to: end)
        edits.append(Edit(line: last, text: endpoints.map { ProfileEmitter.item($0, indent: column) }.joined()))
    }

    // MARK: - Variables and environments

    /// Inserts, for each of `entries` (top-level keys such as `variables` and `environments` with their wanted
    /// contents), the names the file lacks; an environment the file has gets the `variables` it lacks. Returns
    /// the inserted names by top-level key (environment variables as `ENV.NAME`).
    @discardableResult
    mutating func addMissing(_ entries: [Entry], before anchorKey: String? = nil) throws(Refusal) -> [String: [String]]
    {
        var added: [String: [String]] = [:]
        let keys = Array(root.keys)
        for entry in entries {
            guard case .mapping(let wanted) = entry.value, !wanted.isEmpty else { continue }
            guard let index = keys.firstIndex(where: { $0.string == entry.key }) else {
                insertTopLevel(entry, before: anchorKey)
                added[entry.key] = wanted.map(\.key)
                continue
            }
            let end = regionEnd(of: index, in: root, limit: lines.count)
            let node = Array(root.values)[index]
            guard let mapping = node.mapping else {
                throw Refusal(reason: "`\(entry.key)` is not a mapping")
            }
            let missing = wanted.filter { !Self.has(mapping, $0.key) }
            try insert(missing, into: node, end: end)
            added[entry.key, default: []] += missing.map(\.key)
            guard entry.key == "environments" else { continue }
            // An environment already there gets the variables it lacks.
            let names = Array(mapping.keys)
            for want in wanted {
                guard let position = names.firstIndex(where: { $0.string == want.key }),
                    case .mapping(let fields) = want.value,
                    case .mapping(let variables)? = fields.first(where: { $0.key == "variables" })?.value
                else { continue }
                let environment = Array(mapping.values)[position]
                guard let environmentFields = environment.mapping else {
                    throw Refusal(reason: "environment `\(want.key)` is not a mapping")
                }
                let environmentEnd = regionEnd(of: position, in: mapping, limit: end)
                if let variablesPosition = environmentFields.keys.firstIndex(where: { $0.string == "variables" }) {
                    let offset = environmentFields.distance(
                        from: environmentFields.startIndex, to: variablesPosition)
                    let variablesNode = Array(environmentFields.values)[offset]
                    guard let present = variablesNode.mapping else {
                        throw Refusal(reason: "the variables of environment `\(want.key)` are not a mapping")
                    }
                    let lacking = variables.filter { !Self.has(present, $0.key) }
                    let variablesEnd = regionEnd(of: offset, in: environmentFields, limit: environmentEnd)
                    try insert(lacking, into: variablesNode, end: variablesEnd)
                    added["environments", default: []] += lacking.map { "\(want.key).\($0.key)" }
                } else {
                    try insert([Entry("variables", .mapping(variables))], into: environment, end: environmentEnd)
                    added["environments", default: []] += variables.map { "\(want.key).\($0.key)" }
                }
            }
        }
        return added
    }

    /// A top-level key the file lacks: before `anchorKey`'s line (and the comments and blank lines just above
    /// it) when the file has that key, else at the end.
    private mutating func insertTopLevel(_ entry: Entry, before anchorKey: String?) {
        let field = ProfileEmitter.field(entry, indent: 0)
        if let anchorKey, let key = root.keys.first(where: { $0.string == anchorKey }), let mark = key.mark {
            var line = mark.line - 1
            while line > 0 {
                let text = lines[line - 1].trimmingCharacters(in: .whitespacesAndNewlines)
                guard text.isEmpty || text.hasPrefix("#") else { break }
                line -= 1
            }
            edits.append(Edit(line: line, text: field))
        } else {
            edits.append(Edit(line: lines.count, text: field))
        }
    }

    /// Inserts entries into a mapping whose text ends at line `end`: after its last line in block style, before
    /// the closing brace of a one-line flow mapping.
    private mutating func insert(_ entries: [Entry], into node: Node, end: Int) throws(Refusal) {
        guard !entries.isEmpty, let mapping = node.mapping, let mark = node.mark else { return }
        if Self.isFlow(node, lines) {
            let line = Array(lines[mark.line - 1].utf8)
            guard let close = Self.closingBrace(in: line, from: Self.utf8Offset(lines[mark.line - 1], mark.column))
            else { throw Refusal(reason: "a flow mapping spans several lines") }
            let open = Self.utf8Offset(lines[mark.line - 1], mark.column)
            let text = entries.map {
                "\(ProfileEmitter.quoted($0.key, asString: true)): " + ProfileEmitter.flowText($0.value)
            }.joined(separator: ", ")
            // After the last entry (`{ a: 1 }` → `{ a: 1, b: 2 }`), or inside an empty `{}`.
            guard let last = line[(open + 1)..<close].lastIndex(where: { $0 != 0x20 }) else {
                edits.append(Edit(line: mark.line, column: close, text: " \(text) "))
                return
            }
            edits.append(Edit(line: mark.line, column: last + 1, text: ", \(text)"))
            return
        }
        guard let firstKey = mapping.keys.first, let keyMark = firstKey.mark else {
            throw Refusal(reason: "an empty mapping to add to")
        }
        let last = trimmedEnd(from: keyMark.line, to: end)
        edits.append(
            Edit(line: last, text: entries.map { ProfileEmitter.field($0, indent: keyMark.column - 1) }.joined()))
    }

    // MARK: - Regions

    /// Whether a mapping has the key, compared as text (a key written `2` is a string here too).
    private static func has(_ mapping: Node.Mapping, _ key: String) -> Bool {
        mapping.keys.contains { $0.string == key }
    }

    /// The last line of the value of the `index`-th key of `mapping`, whose own text ends at `limit`.
    private func regionEnd(of index: Int, in mapping: Node.Mapping, limit: Int) -> Int {
        let keys = Array(mapping.keys)
        guard index + 1 < keys.count, let next = keys[index + 1].mark else { return limit }
        return next.line - 1
    }

    /// The last line in `start...end` that is not blank or a comment (never before `start`).
    private func trimmedEnd(from start: Int, to end: Int) -> Int {
        LineEndings.trimmedEnd(of: lines, from: start, to: end)
    }

    /// Yams reports the style of composed nodes as `any`: the text at the node's start tells.
    private static func isFlow(_ node: Node, _ lines: [String]) -> Bool {
        guard let mark = node.mark, mark.line <= lines.count else { return false }
        let rest = lines[mark.line - 1].unicodeScalars.dropFirst(mark.column - 1)
        return rest.first == "[" || rest.first == "{"
    }

    /// The UTF-8 offset of a 1-based column (counted in Unicode scalars, as libyaml does).
    private static func utf8Offset(_ line: String, _ column: Int) -> Int {
        String(String.UnicodeScalarView(line.unicodeScalars.prefix(column - 1))).utf8.count
    }

    /// The offset of the brace that closes the one at `open`, on the same line, skipping quoted text.
    private static func closingBrace(in line: [UInt8], from open: Int) -> Int? {
        var depth = 0
        var quote: UInt8?
        var index = open
        while index < line.count {
            let byte = line[index]
            if let active = quote {
                if byte == 0x5C, active == 0x22 {
                    index += 1
                } else if byte == active {
                    quote = nil
                }
            } else if byte == 0x22 || byte == 0x27 {
                quote = byte
            } else if byte == 0x7B || byte == 0x5B {
                depth += 1
            } else if byte == 0x7D || byte == 0x5D {
                depth -= 1
                if depth == 0 { return byte == 0x7D ? index : nil }
            }
            index += 1
        }
        return nil
    }

    /// Anything that looks like `&anchor`, `*alias` or `<<:` outside a comment. A false alarm only refuses.
    private func usesAnchors() -> Bool {
        for line in lines {
            var text = line
            if let comment = text.range(of: " #") { text = String(text[..<comment.lowerBound]) }
            if text.trimmingCharacters(in: .whitespaces).hasPrefix("#") { continue }
            if text.contains("<<:") { return true }
            if text.range(of: #"(^|[\s,\[{])[&*][^\s,\[\]{}]+"#, options: .regularExpression) != nil { return true }
        }
        return false
    }
}
