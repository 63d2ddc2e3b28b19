internal import CYaml

/// A YAML node with the place it takes in the text, for `ProfileSplicer`, which edits a value where it is written
/// and needs to know where a flow collection or a scalar ends (Yams' `Node` and `YAMLNode` keep only the start).
///
/// Offsets count Unicode scalars from the start of the text, as libyaml's marks do (a byte order mark is not
/// counted). Only saving composes these, so loading pays nothing for them.
struct YAMLSpan {
    enum Kind: Equatable {
        case scalar
        case sequence
        case mapping
        /// `*name`: what it stands for is written elsewhere.
        case alias
    }

    var kind: Kind
    /// A scalar's value (keys are compared by it).
    var string = ""
    /// A collection written in flow style (`[…]`, `{…}`), or a scalar written on its own (plain or quoted): not a
    /// block collection and not a `|` or `>` block scalar.
    var flow: Bool
    /// The quote a scalar is written in (`"` or `'`); nil for a plain or block scalar and for collections.
    var quote: Character?
    /// Where the node starts, and where it ends (exclusive). A block collection's end is where libyaml ended it,
    /// which can be after comments that follow it: the splicer bounds those by lines instead.
    var start: Int
    var end: Int
    /// A sequence's items; a mapping's keys and values, alternating.
    var children: [YAMLSpan] = []

    /// A mapping's key and value pairs, in order.
    var pairs: [(key: YAMLSpan, value: YAMLSpan)] {
        stride(from: 0, to: children.count - 1, by: 2).map { (children[$0], children[$0 + 1]) }
    }

    /// The document's root; nil when the text is empty or libyaml cannot read it.
    static func compose(_ text: String) -> YAMLSpan? {
        YAMLComposer.withParser(text) { parser, event -> YAMLSpan? in
            var stack: [YAMLSpan] = []
            var root: YAMLSpan?
            while root == nil {
                guard yaml_parser_parse(parser, event) == 1 else { return nil }
                defer { yaml_event_delete(event) }
                let start = Int(event.pointee.start_mark.index)
                let end = Int(event.pointee.end_mark.index)
                var done: YAMLSpan
                switch event.pointee.type {
                case YAML_STREAM_START_EVENT, YAML_DOCUMENT_START_EVENT:
                    continue
                case YAML_STREAM_END_EVENT, YAML_DOCUMENT_END_EVENT:
                    return nil
                case YAML_SCALAR_EVENT:
                    let scalar = event.pointee.data.scalar
                    let style = scalar.style
                    done = YAMLSpan(
                        kind: .scalar,
                        string: String(
                            decoding: UnsafeBufferPointer(start: scalar.value, count: scalar.length), as: UTF8.self),
                        flow: style != YAML_LITERAL_SCALAR_STYLE && style != YAML_FOLDED_SCALAR_STYLE,
                        quote: style == YAML_DOUBLE_QUOTED_SCALAR_STYLE
                            ? "\"" : style == YAML_SINGLE_QUOTED_SCALAR_STYLE ? "'" : nil,
                        start: start, end: end)
                case YAML_ALIAS_EVENT:
                    done = YAMLSpan(kind: .alias, flow: true, start: start, end: end)
                case YAML_SEQUENCE_START_EVENT:
                    let flow = event.pointee.data.sequence_start.style == YAML_FLOW_SEQUENCE_STYLE
                    stack.append(YAMLSpan(kind: .sequence, flow: flow, start: start, end: end))
                    continue
                case YAML_MAPPING_START_EVENT:
                    let flow = event.pointee.data.mapping_start.style == YAML_FLOW_MAPPING_STYLE
                    stack.append(YAMLSpan(kind: .mapping, flow: flow, start: start, end: end))
                    continue
                case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
                    guard var open = stack.popLast() else { return nil }
                    open.end = end
                    done = open
                default:
                    return nil
                }
                if stack.isEmpty {
                    root = done
                } else {
                    stack[stack.count - 1].children.append(done)
                }
            }
            return root
        } ?? nil
    }
}
