import ExplorerCore

/// An introspected schema as SDL: what `apix graphql schema --sdl` prints, and what `GraphQLSchemaCheck` builds the
/// schema it validates against from (GraphQLSwift builds schemas from SDL, not from introspection results).
///
/// The built-in scalars and directives and the introspection types are left out, as graphql-js's `printSchema` does;
/// the `schema { … }` block is written only when the root types are not named Query, Mutation and Subscription.
package enum GraphQLSDLPrinter {
    static let builtInScalars: Set = ["String", "Int", "Float", "Boolean", "ID"]
    static let builtInDirectives: Set = ["skip", "include", "deprecated", "specifiedBy", "oneOf"]

    package static func sdl(_ schema: IntrospectedSchema) -> String {
        var blocks: [String] = []
        let roots = [
            ("query", schema.queryType?.name, "Query"), ("mutation", schema.mutationType?.name, "Mutation"),
            ("subscription", schema.subscriptionType?.name, "Subscription"),
        ]
        if roots.contains(where: { $0.1 != nil && $0.1 != $0.2 }) {
            let lines = roots.compactMap { root in root.1.map { "  \(root.0): \($0)" } }
            blocks.append("schema {\n" + lines.joined(separator: "\n") + "\n}")
        }
        for directive in schema.directives ?? [] where !builtInDirectives.contains(directive.name) {
            let repeatable = directive.isRepeatable == true ? " repeatable" : ""
            blocks.append(
                description(directive.description, indent: "") + "directive @\(directive.name)"
                    + arguments(directive.args, indent: "") + repeatable + " on "
                    + directive.locations.joined(separator: " | "))
        }
        for type in schema.ownTypes where !(type.kind == "SCALAR" && builtInScalars.contains(type.name)) {
            blocks.append(description(type.description, indent: "") + definition(type))
        }
        return blocks.joined(separator: "\n\n") + "\n"
    }

    static func definition(_ type: IntrospectedSchema.FullType) -> String {
        switch type.kind {
        case "SCALAR":
            return "scalar \(type.name)"
                + (type.specifiedByURL.map { " @specifiedBy(url: \(quoted($0)))" } ?? "")
        case "OBJECT", "INTERFACE":
            let keyword = type.kind == "OBJECT" ? "type" : "interface"
            let interfaces = (type.interfaces ?? []).compactMap(\.name)
            let implements = interfaces.isEmpty ? "" : " implements " + interfaces.joined(separator: " & ")
            let fields = (type.fields ?? []).map { field in
                description(field.description, indent: "  ") + "  \(field.name)" + arguments(field.args, indent: "  ")
                    + ": \(field.type.sdl)" + deprecated(field.isDeprecated, field.deprecationReason)
            }
            return "\(keyword) \(type.name)\(implements)" + block(fields)
        case "UNION":
            let members = (type.possibleTypes ?? []).compactMap(\.name)
            return "union \(type.name)" + (members.isEmpty ? "" : " = " + members.joined(separator: " | "))
        case "ENUM":
            let values = (type.enumValues ?? []).map { value in
                description(value.description, indent: "  ") + "  \(value.name)"
                    + deprecated(value.isDeprecated, value.deprecationReason)
            }
            return "enum \(type.name)" + block(values)
        default:  // INPUT_OBJECT
            let fields = (type.inputFields ?? []).map { input(description: true, $0, indent: "  ") }
            return "input \(type.name)" + block(fields)
        }
    }

    static func block(_ lines: [String]) -> String {
        lines.isEmpty ? "" : " {\n" + lines.joined(separator: "\n") + "\n}"
    }

    static func arguments(_ args: [IntrospectedSchema.InputValue], indent: String) -> String {
        guard !args.isEmpty else { return "" }
        // On one line unless one has a description, as graphql-js prints them.
        if args.allSatisfy({ $0.description == nil }) {
            return "(" + args.map { input(description: false, $0, indent: "") }.joined(separator: ", ") + ")"
        }
        let inner = indent + "  "
        return "(\n" + args.map { input(description: true, $0, indent: inner) }.joined(separator: "\n") + "\n\(indent))"
    }

    static func input(description withDescription: Bool, _ value: IntrospectedSchema.InputValue, indent: String)
        -> String
    {
        (withDescription ? description(value.description, indent: indent) : "") + indent + "\(value.name): "
            + value.type.sdl + (value.defaultValue.map { " = \($0)" } ?? "")
            + deprecated(value.isDeprecated, value.deprecationReason)
    }

    static func deprecated(_ flag: Bool?, _ reason: String?) -> String {
        guard flag == true else { return "" }
        guard let reason, reason != "No longer supported" else { return " @deprecated" }
        return " @deprecated(reason: \(quoted(reason)))"
    }

    /// A description as a block string on its own line(s) before what it describes; as a quoted string when it holds
    /// a control character other than tab and newline (a server's, say), which a block string cannot hold and has no
    /// escape for (GraphQLSwift refuses the whole SDL, so no query could be checked; fuzzed).
    static func description(_ text: String?, indent: String) -> String {
        guard let text, !text.isEmpty else { return "" }
        if text.unicodeScalars.contains(where: { $0.value < 0x20 && $0 != "\t" && $0 != "\n" }) {
            return indent + quoted(text) + "\n"
        }
        let escaped = escapingTripleQuotes(text)
        // By bytes, as GraphQL reads them: a text may end in a `"` joined to the character before it (U+0600 + `"`
        // is one character), and four quotes in a row would end the block string one quote early.
        if !escaped.contains("\n"), escaped.utf8.last != UInt8(ascii: "\""), escaped.utf8.last != UInt8(ascii: "\\") {
            return indent + "\"\"\"" + escaped + "\"\"\"\n"
        }
        let lines = escaped.split(separator: "\n", omittingEmptySubsequences: false).map { indent + $0 }
        return indent + "\"\"\"\n" + lines.joined(separator: "\n") + "\n" + indent + "\"\"\"\n"
    }

    /// `text` with every `"""` written `\"""`, the one escape a block string has. Found by bytes: Foundation's
    /// search compares characters, and a quote joined to a combining mark (`"` + U+05A3) is not one, so `"""` + U+05A3
    /// went out unescaped and ended the block string early; GraphQLSwift then refused the whole schema (fuzzed).
    static func escapingTripleQuotes(_ text: String) -> String {
        let quote = UInt8(ascii: "\"")
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        var run = 0  // quotes in a row just copied
        for byte in text.utf8 {
            run = byte == quote ? run + 1 : 0
            if run == 3 {
                // `""` already copied: put the backslash before them.
                bytes.insert(UInt8(ascii: "\\"), at: bytes.count - 2)
                run = 0
            }
            bytes.append(byte)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// A GraphQL string literal (JSON's escapes are GraphQL's).
    static func quoted(_ text: String) -> String { JSONValue.string(text).serialized() }
}
