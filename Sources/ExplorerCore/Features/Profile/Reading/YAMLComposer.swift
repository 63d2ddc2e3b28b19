// libyaml itself, as Yams builds it (its `CYaml` target). SwiftPM gives a target the module maps of the C targets
// among its dependencies' dependencies, so this resolves without a product of its own; Yams keeps the import internal.
internal import CYaml
import Yams

/// Composes one YAML document from libyaml's events into `YAMLNode`s, as `Yams.compose` would compose it into
/// `Node`s (same marks, tags, styles, key order; aliases copy their anchor's node), in about half the time.
///
/// Aliases are bounded: a "billion laughs" tree (each anchor aliasing the previous one nine times) would make every
/// reader that walks it grow without bound, so a file may use at most `maxAliases` aliases, and they may stand for at
/// most `maxAliasNodes` nodes in all (counting what aliases inside an anchor stand for). Past either, composing stops
/// with a problem at the alias.
///
/// A syntax error (what libyaml refuses) is `.syntax`, with what libyaml said, as Yams would report it. Anything else
/// it does not compose (an undefined alias, a duplicate key, a second document) is `.unsupported`: the caller
/// composes the file with Yams for the message, so messages stay Yams' own.
enum YAMLComposer {
    static let maxAliases = 10_000
    static let maxAliasNodes = 100_000

    enum Failure: Error, Equatable {
        /// Composing with Yams reports what is wrong.
        case unsupported
        /// libyaml refused the text: Yams, composing it, would stop at the same event with this error.
        case syntax(YAMLSyntaxError)
        /// An alias past the limits, at its 1-based line and column.
        case tooManyAliases(String, line: Int, column: Int)
    }

    /// The document's root, nil for an empty stream. `mergingKeys`: YAML 1.1's merge key (`<<: *defaults`) joins the
    /// mappings it names into its own (`YAMLMergeKey`), as Yams' constructor does when it builds values; off, the tree
    /// is the one `Yams.compose` gives, `<<` an ordinary key.
    static func compose(_ text: String, mergingKeys: Bool = false) -> Result<YAMLNode?, Failure> {
        withParser(text) { parser, event in
            var composer = Composer(parser: parser, event: event, mergingKeys: mergingKeys)
            do throws(YAMLComposer.Failure) {
                return .success(try composer.document())
            } catch {
                return .failure(error)
            }
        } ?? .failure(.unsupported)
    }

    /// Runs `body` with a libyaml parser reading `text` and an event for it to parse into (whoever reads an event
    /// deletes it); nil when libyaml cannot start. Shared with `YAMLSpan`, which reads the same events for places.
    static func withParser<Output>(
        _ text: String,
        _ body: (UnsafeMutablePointer<yaml_parser_t>, UnsafeMutablePointer<yaml_event_t>) -> Output
    ) -> Output? {
        var text = text
        text.makeContiguousUTF8()
        return text.utf8.withContiguousStorageIfAvailable { bytes -> Output? in
            let parser = UnsafeMutablePointer<yaml_parser_t>.allocate(capacity: 1)
            let event = UnsafeMutablePointer<yaml_event_t>.allocate(capacity: 1)
            event.initialize(to: yaml_event_t())
            defer {
                parser.deallocate()
                event.deallocate()
            }
            guard yaml_parser_initialize(parser) == 1 else { return nil }
            defer { yaml_parser_delete(parser) }
            yaml_parser_set_encoding(parser, YAML_UTF8_ENCODING)
            yaml_parser_set_input_string(parser, bytes.baseAddress, bytes.count)
            return body(parser, event)
        } ?? nil
    }
}

/// One composition's state: the parser, the event being read and the anchors seen so far.
private struct Composer {
    /// A collection being composed: its start, and what it holds so far.
    private struct Open {
        var node: YAMLNode
        var anchor: String?
        /// Nodes it stands for, aliases expanded.
        var size = 1
        var items: [YAMLNode] = []
        var pairs: [YAMLNode.Pair] = []
        var key: YAMLNode?
    }

    let parser: UnsafeMutablePointer<yaml_parser_t>
    let event: UnsafeMutablePointer<yaml_event_t>
    let mergingKeys: Bool
    private var anchors: [String: (node: YAMLNode, size: Int)] = [:]
    private var aliases = 0
    private var aliasNodes = 0

    init(parser: UnsafeMutablePointer<yaml_parser_t>, event: UnsafeMutablePointer<yaml_event_t>, mergingKeys: Bool) {
        self.parser = parser
        self.event = event
        self.mergingKeys = mergingKeys
    }

    /// Reads the next event into `event` (the previous one is released first).
    private mutating func next() throws(YAMLComposer.Failure) -> yaml_event_type_t {
        guard yaml_parser_parse(parser, event) == 1 else {
            // Yams reads the same events in the same order and stops at the first it cannot read, with this error;
            // composing the text again with Yams only to word it would double the time a broken file takes.
            throw YAMLSyntaxError(parser.pointee).map(YAMLComposer.Failure.syntax) ?? .unsupported
        }
        return event.pointee.type
    }

    mutating func document() throws(YAMLComposer.Failure) -> YAMLNode? {
        defer { yaml_event_delete(event) }
        guard try next() == YAML_STREAM_START_EVENT else { throw .unsupported }
        yaml_event_delete(event)
        let first = try next()
        if first == YAML_STREAM_END_EVENT { return nil }
        guard first == YAML_DOCUMENT_START_EVENT else { throw .unsupported }
        yaml_event_delete(event)
        let root = try node()
        guard try next() == YAML_DOCUMENT_END_EVENT else { throw .unsupported }
        yaml_event_delete(event)
        // Yams composes a single document: a second one is its error to word.
        guard try next() == YAML_STREAM_END_EVENT else { throw .unsupported }
        return root
    }

    /// Composes the node whose first event comes next, without recursion (nesting depth is the file's to choose).
    private mutating func node() throws(YAMLComposer.Failure) -> YAMLNode {
        var stack: [Open] = []
        while true {
            var done: (node: YAMLNode, size: Int)
            let type = try next()
            let data = event.pointee.data
            let mark = (line: Int(event.pointee.start_mark.line) + 1, column: Int(event.pointee.start_mark.column) + 1)
            switch type {
            case YAML_SCALAR_EVENT:
                let scalar = data.scalar
                let text = String(
                    decoding: UnsafeBufferPointer(start: scalar.value, count: scalar.length), as: UTF8.self)
                let tag = scalar.quoted_implicit == 1 ? Self.stringTag : Self.string(scalar.tag)
                let style = Node.Scalar.Style(rawValue: scalar.style.rawValue) ?? .any
                done = (
                    YAMLNode(
                        content: .scalar(.init(string: text, style: style)), tag: tag, line: mark.line,
                        column: mark.column), 1
                )
                if let anchor = Self.optionalString(scalar.anchor) { anchors[anchor] = done }
            case YAML_ALIAS_EVENT:
                let name = Self.string(data.alias.anchor)
                guard let anchored = anchors[name] else { throw .unsupported }
                aliases += 1
                aliasNodes += anchored.size
                if aliases > YAMLComposer.maxAliases {
                    throw .tooManyAliases(
                        "too many YAML aliases: `*\(name)` is alias number \(aliases), more than the "
                            + "\(YAMLComposer.maxAliases) a file may use", line: mark.line, column: mark.column)
                }
                if aliasNodes > YAMLComposer.maxAliasNodes {
                    throw .tooManyAliases(
                        "YAML alias `*\(name)` (\(anchored.size) nodes) takes the nodes that aliases stand for in this "
                            + "file to \(aliasNodes), past the limit of \(YAMLComposer.maxAliasNodes) (an alias bomb?)",
                        line: mark.line, column: mark.column)
                }
                done = anchored
            case YAML_SEQUENCE_START_EVENT:
                let start = data.sequence_start
                let tag = start.implicit != 0 ? "" : Self.string(start.tag)
                stack.append(
                    Open(
                        node: YAMLNode(content: .sequence([]), tag: tag, line: mark.line, column: mark.column),
                        anchor: Self.optionalString(start.anchor)))
                yaml_event_delete(event)
                continue
            case YAML_MAPPING_START_EVENT:
                let start = data.mapping_start
                let tag = start.implicit != 0 ? "" : Self.string(start.tag)
                stack.append(
                    Open(
                        node: YAMLNode(content: .mapping([]), tag: tag, line: mark.line, column: mark.column),
                        anchor: Self.optionalString(start.anchor)))
                yaml_event_delete(event)
                continue
            case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
                guard var open = stack.popLast() else { throw .unsupported }
                if case .sequence = open.node.content {
                    open.node.content = .sequence(open.items)
                } else {
                    try Self.checkUniqueKeys(open.pairs)
                    // Merged here, as the mapping ends, so an anchor on it stands for the merged mapping, and a merge
                    // never walks more than the nodes the file's aliases already counted.
                    open.node.content = .mapping(mergingKeys ? YAMLMergeKey.merged(open.pairs) : open.pairs)
                }
                done = (open.node, open.size)
                if let anchor = open.anchor { anchors[anchor] = done }
            default:
                throw .unsupported
            }
            yaml_event_delete(event)
            guard !stack.isEmpty else { return done.node }
            let top = stack.count - 1
            stack[top].size += done.size
            if case .sequence = stack[top].node.content {
                stack[top].items.append(done.node)
            } else if let key = stack[top].key {
                stack[top].pairs.append(.init(key: key, value: done.node))
                stack[top].key = nil
            } else {
                stack[top].key = done.node
            }
        }
    }

    /// Yams rejects a mapping with equal keys; so does this (and Yams words it).
    private static func checkUniqueKeys(_ pairs: [YAMLNode.Pair]) throws(YAMLComposer.Failure) {
        guard pairs.count > 1 else { return }
        if pairs.count <= 8, pairs.allSatisfy({ $0.key.scalar != nil && $0.key.resolvedTag == stringTag }) {
            // A profile's mappings are mostly this small: comparing a few short strings beats hashing them.
            for index in pairs.indices.dropLast() {
                let key = pairs[index].key.scalar?.string
                if pairs[(index + 1)...].contains(where: { $0.key.scalar?.string == key }) { throw .unsupported }
            }
            return
        }
        var seen = Set<String>(minimumCapacity: pairs.count)
        for pair in pairs {
            guard let scalar = pair.key.scalar, pair.key.resolvedTag == Self.stringTag else {
                // Keys other than strings are rare: compared the slow way.
                for (index, pair) in pairs.enumerated() {
                    if pairs[(index + 1)...].contains(where: { $0.key.sameValue(as: pair.key) }) { throw .unsupported }
                }
                return
            }
            if !seen.insert(scalar.string).inserted { throw .unsupported }
        }
    }

    /// `tag:yaml.org,2002:str`, the tag libyaml implies for a quoted scalar.
    private static let stringTag = Tag.Name.str.rawValue

    private static func optionalString(_ pointer: UnsafeMutablePointer<yaml_char_t>?) -> String? {
        pointer.map { String(cString: $0) }
    }

    private static func string(_ pointer: UnsafeMutablePointer<yaml_char_t>?) -> String {
        optionalString(pointer) ?? ""
    }
}
