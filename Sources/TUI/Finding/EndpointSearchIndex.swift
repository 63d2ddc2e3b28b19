import ExplorerCore

/// The endpoints' searchable fields, prepared once per catalog change (lowercased bytes, word starts), so the list
/// filter scores thousands of endpoints per key without lowercasing or allocating a string.
struct EndpointSearchIndex: Sendable {
    /// The catalog revision the fields were prepared from (-1: never).
    var revision = -1
    /// `fields[profile][endpoint]`: method, id, name, path, folder, description.
    var fields: [[[FuzzyField]]] = []

    init() {}

    init(profiles: [Profile], revision: Int) {
        self.revision = revision
        fields = profiles.map { profile in profile.endpoints.map(Self.fields(of:)) }
    }

    /// A method only as a whole word (`post`), the path, id and name fully, the folder a little less, and the
    /// description (prose) as substrings only, counting least.
    static func fields(of endpoint: Endpoint) -> [FuzzyField] {
        var fields = [
            FuzzyField(endpoint.method.rawValue, exactOnly: true),
            FuzzyField(endpoint.path.raw),
            FuzzyField(endpoint.id),
        ]
        if endpoint.name != endpoint.id { fields.append(FuzzyField(endpoint.name, weight: 90)) }
        if let folder = endpoint.folder { fields.append(FuzzyField(folder, weight: 80)) }
        if let description = endpoint.description, !description.isEmpty {
            fields.append(FuzzyField(description, weight: 45, abbreviations: false))
        }
        return fields
    }
}
