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

    /// Keeps `schema` (the `__schema` object as answered) for `url`, replacing what the file had for it.
    package func store(_ schema: JSONValue, profile: String, environment: String, url: String, at time: Date = Date())
        throws
    {
        let path = path(profile: profile, environment: environment)
        var kept = rawEntries(path).filter { $0["url"]?.stringValue != Self.key(url) }
        kept.append(
            .object([
                "url": .string(Self.key(url)), "fetched_at": .number(String(Int(time.timeIntervalSince1970))),
                "schema": schema,
            ]))
        if kept.count > Self.maxSchemas { kept.removeFirst(kept.count - Self.maxSchemas) }
        try FileManager.default.createDirectory(
            atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let text = JSONValue.object(["schemas": .array(kept)]).serialized()
        try AtomicFile.write(
            Data(text.utf8), to: path, options: .init(mode: 0o600, keepsExistingMode: false, followsSymlink: false))
    }

    func entries(profile: String, environment: String) -> [Entry] {
        rawEntries(path(profile: profile, environment: environment)).compactMap { value in
            guard let url = value["url"]?.stringValue, let schema = value["schema"],
                let seconds = value["fetched_at"]?.intValue,
                let read = try? IntrospectedSchema.read(schema: schema)
            else { return nil }
            return Entry(url: url, fetchedAt: Date(timeIntervalSince1970: Double(seconds)), schema: read)
        }
    }

    private func rawEntries(_ path: String) -> [JSONValue] {
        guard let data = FileManager.default.contents(atPath: path), let document = try? JSONValue.parse(data) else {
            return []
        }
        return document["schemas"]?.arrayValue ?? []
    }
}
