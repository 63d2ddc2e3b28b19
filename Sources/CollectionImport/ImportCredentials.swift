import ExplorerCore

/// Credentials found in imported requests (`Authorization`, `Cookie`, API-key headers) go to the secrets file
/// under a variable the request then names (`{{authorization}}`): a profile is shared, its secrets file is not.
/// The HAR and curl importers share these rules.
enum ImportCredentials {
    /// Credential headers (lower-cased) and the variable name their value is kept under.
    static let headers: [String: String] = [
        "cookie": "cookie", "authorization": "authorization", "proxy-authorization": "proxy_authorization",
        "x-api-key": "api_key",
    ]

    /// One secret variable per distinct credential value: `cookie`, `cookie_2`…; a value already held under a name
    /// of that family is named by it again.
    static func secretName(_ base: String, _ value: String, _ values: inout [String: String]) -> String {
        if let known = values.first(where: { $0.key.hasPrefix(base) && $0.value == value }) { return known.key }
        var name = base
        var counter = 2
        while values[name] != nil {
            name = "\(base)_\(counter)"
            counter += 1
        }
        values[name] = value
        return name
    }

    /// Replaces the value of each credential header of `endpoint` with `{{name}}`; returns the values the new names
    /// stand for. `known` holds the variables the profile already has (a credential equal to one reuses its name,
    /// other names are not taken).
    static func separate(_ endpoint: inout Endpoint, known: [String: String]) -> [String: String] {
        var values = known
        var added: [String: String] = [:]
        for index in endpoint.headers.indices {
            let header = endpoint.headers[index]
            guard let base = headers[header.name.lowercased()], let value = header.value?.raw, !value.isEmpty else {
                continue
            }
            let name = secretName(base, value, &values)
            if known[name] == nil { added[name] = value }
            endpoint.headers[index] = Parameter(header.name, Template("{{\(name)}}"))
        }
        return added
    }
}
