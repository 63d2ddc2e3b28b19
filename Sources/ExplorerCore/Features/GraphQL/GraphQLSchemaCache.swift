import Foundation

/// Introspected schemas on disk: one JSON file per profile and environment under `$XDG_STATE_HOME/apix/cache/graphql/`
/// (beside the response cache, `ResponseCache.defaultDirectory`), holding the schema of each GraphQL URL the
/// profile's endpoints use in that environment (most have one). Written with `AtomicFile`, 0600 like the response
/// cache; a URL's query is never part of its key, so no credential in a query reaches the file.
package struct GraphQLSchemaCache: Sendable {
    /// The most URLs one file keeps; the oldest goes first.
    static let maxSchemas = 16

    package struct Entry: Sendable {
        package var url: String
        package var fetchedAt: Date
        package var schema: IntrospectedSchema
    }

    package let directory: String

    package init(directory: String) {
        self.directory = directory
    }

    /// The cache under the response cache's directory: `…/cache/graphql`.
    package init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.init(
            directory: (ResponseCache.defaultDirectory(environment: environment) as NSString)
                .appendingPathComponent("graphql"))
    }

    /// `profile@environment.json`, names percent-encoded as the captures' files are.
    package func path(profile: String, environment: String) -> String {
        let name = PercentEncoding.fileName(profile) + "@" + PercentEncoding.fileName(environment) + ".json"
        return (directory as NSString).appendingPathComponent(name)
    }

    /// The key of a GraphQL URL: without its query and fragment (a GET's `?query=…`, a credential).
    package static func key(_ url: String) -> String {
        let end = url.firstIndex { $0 == "?" || $0 == "#" } ?? url.endIndex
        return String(url[..<end])
    }

    /// The schema kept for `url`, nil when none is (or the file cannot be read: a cache, so fetched again).
    package func entry(profile: String, environment: String, url: String) -> Entry? {
        let key = Self.key(url)
        guard let found = entries(profile: profile, environment: environment).first(where: { $0.url == key }) else {
            return nil
        }
        return found
    }

    /// Keeps `schema` for `url`, replacing what the file had for it (the time kept to the second).
    package func store(
        _ schema: IntrospectedSchema, profile: String, environment: String, url: String, at time: Date = Date()
    ) throws {
        var kept = entries(profile: profile, environment: environment).filter { $0.url != Self.key(url) }
        let second = Date(timeIntervalSince1970: Double(Int(time.timeIntervalSince1970)))
        kept.append(Entry(url: Self.key(url), fetchedAt: second, schema: schema))
        if kept.count > Self.maxSchemas { kept.removeFirst(kept.count - Self.maxSchemas) }
        try FileManager.default.createDirectory(
            atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let data = try JSONEncoder().encode(StoredFile(schemas: kept.map { StoredEntry(entry: $0) }))
        try AtomicFile.write(
            data, to: path(profile: profile, environment: environment),
            options: .init(mode: 0o600, keepsExistingMode: false, followsSymlink: false))
    }

    /// The file's schemas, parsed once and read by hand (`IntrospectedSchema(tree:)`: a big schema is tens of
    /// megabytes, which `JSONDecoder` read slowly); an entry that does not read is skipped, as a file that does not
    /// read is.
    func entries(profile: String, environment: String) -> [Entry] {
        guard let data = FileManager.default.contents(atPath: path(profile: profile, environment: environment)),
            let file = try? JSONValue.parse(data)
        else { return [] }
        return (file["schemas"]?.arrayValue ?? []).compactMap { value in
            guard let url = value["url"]?.stringValue, let seconds = value["fetched_at"]?.intValue,
                let tree = value["schema"], let schema = try? IntrospectedSchema(tree: tree)
            else { return nil }
            return Entry(url: url, fetchedAt: Date(timeIntervalSince1970: Double(seconds)), schema: schema)
        }
    }

    /// The file as `store` writes it: `{"schemas": [{"url", "fetched_at", "schema"}]}`.
    private struct StoredFile: Encodable {
        var schemas: [StoredEntry]
    }

    private struct StoredEntry: Encodable {
        var entry: Entry

        private enum CodingKeys: String, CodingKey {
            case url
            case fetchedAt = "fetched_at"
            case schema
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(entry.url, forKey: .url)
            try container.encode(Int(entry.fetchedAt.timeIntervalSince1970), forKey: .fetchedAt)
            try container.encode(entry.schema, forKey: .schema)
        }
    }
}
