import Foundation

/// A `graphql:` body: `query:` (inline) or `file:` (a `.graphql` file read when the profile loads, relative to the
/// profile's directory), `variables:` and `operation:`.
extension ProfileLoader {
    /// The most a query file may hold: a document is text a person writes, and the whole of it is sent each time.
    static let maxGraphQLFileBytes = 1 << 20

    static func readGraphQL(_ node: YAMLNode, reader: inout YAMLReader) -> GraphQLBody? {
        guard
            let fields = reader.fields(
                node, "`graphql`", known: ["query", "file", "variables", "operation"])
        else { return nil }
        var body: GraphQLBody
        switch (fields["query"], fields["file"]) {
        case (let queryNode?, nil):
            guard let query = reader.string(queryNode, "graphql.query") else { return nil }
            body = GraphQLBody(query: query, location: reader.location(queryNode))
        case (nil, let fileNode?):
            guard let path = reader.string(fileNode, "graphql.file") else { return nil }
            let directory = reader.file.contains("/") ? (reader.file as NSString).deletingLastPathComponent : "."
            let resolved = (DotEnv.resolve(path, relativeTo: directory) as NSString).standardizingPath
            guard let query = readQueryFile(resolved, at: fileNode, reader: &reader) else { return nil }
            body = GraphQLBody(
                query: query, file: path, location: SourceLocation(file: resolved, line: 1, column: 1))
        default:
            reader.fail("`graphql` needs exactly one of `query` or `file`", at: node)
            return nil
        }
        if let value = fields["variables"] {
            let variables = reader.templateValue(value)
            switch variables {
            case .object, .null: break
            case .string(let text) where text.raw.hasPrefix("{"): break
            default:
                reader.fail("`graphql.variables` must be a mapping (or a JSON object as text)", at: value)
            }
            if variables != .null { body.variables = variables }
        }
        if let value = fields["operation"] { body.operation = reader.string(value, "graphql.operation") }
        return body
    }

    private static func readQueryFile(_ path: String, at node: YAMLNode, reader: inout YAMLReader) -> String? {
        guard let handle = FileHandle(forReadingAtPath: path) else {
            reader.fail("`graphql.file`: cannot read \(path)", at: node)
            return nil
        }
        defer { try? handle.close() }
        let data = (try? handle.read(upToCount: maxGraphQLFileBytes + 1)) ?? Data()
        guard data.count <= maxGraphQLFileBytes else {
            reader.fail("`graphql.file`: \(path) is larger than \(Units.bytes(Int64(maxGraphQLFileBytes)))", at: node)
            return nil
        }
        guard let text = String(data: data, encoding: .utf8) else {
            reader.fail("`graphql.file`: \(path) is not UTF-8 text", at: node)
            return nil
        }
        return text
    }
}
