import ExplorerCore

/// A profile being put together by a collection importer: endpoints with unique ids, variables (secret-looking
/// ones set apart for the secrets file), the most common base URL factored out of the requests' URLs, and every
/// variable the requests use but nobody defines added empty, so the written profile passes `apix check`.
struct CollectionDraft {
    var id: String
    var name: String
    var description: String?
    var endpoints: [Endpoint] = []
    /// Each endpoint's full URL (before the base is factored out), by index.
    var urls: [String] = []
    var variables: [String: Template] = [:]
    var environments: [ProfileEnvironment] = []
    var auth: ProfileEmitter.Value?
    /// Named definitions (`auths:`) for requests whose own auth is a kind that needs the whole mapping (OAuth2,
    /// Digest, NTLM, AWS SigV4): the endpoint names one (`auth: oauth2`).
    var auths: [String: AuthSpec] = [:]
    /// The `auths:` name made from each source auth object: a folder's is met again for each of its requests, and
    /// is read (its notes, its secrets) once.
    var authSources: [(source: JSONValue, name: String)] = []
    var secretNames: [String] = []
    var secretValues: [String: String] = [:]
    /// Secret values an environment held, by environment name: each environment keeps its own.
    var environmentSecrets: [String: [String: String]] = [:]
    var notes: [String] = []
    private var usedIDs: Set<String> = []

    init(id: String, name: String, description: String? = nil) {
        self.id = id
        self.name = name
        self.description = description
    }

    /// Adds an endpoint whose `path` is still the whole URL; its id from `name` (else method and path), unique.
    mutating func add(_ endpoint: Endpoint, idFrom name: String) {
        var endpoint = endpoint
        let base = ImportNaming.slug(name, fallback: "")
        endpoint.id = ImportNaming.unique(base.isEmpty ? endpoint.method.rawValue.lowercased() : base, in: &usedIDs)
        // A WebSocket endpoint shares the base URL of the HTTP ones on its host: `wss://h/x` counts as `https://h/x`
        // (the environment's base is http(s), shown as ws(s) for it); one on another host keeps its whole URL.
        urls.append(endpoint.webSocket == nil ? endpoint.path.raw : WebSocketConnection.transportURL(endpoint.path.raw))
        endpoints.append(endpoint)
    }

    /// A variable at profile level (secret-looking names go to the secrets file with their value).
    mutating func define(_ name: String, _ value: String) {
        if ImportNaming.looksSecret(name) {
            secret(name, value)
        } else if variables[name] == nil {
            variables[name] = Template(value)
        }
    }

    /// A secret variable: its name in the secrets file's `variables` with its value; a value an environment held is
    /// kept per environment until `finish` settles where it goes (`settledSecrets`).
    mutating func secret(_ name: String, _ value: String, environment: String? = nil) {
        if !secretNames.contains(name) { secretNames.append(name) }
        if let environment {
            if secretValues[name] == nil { secretValues[name] = "" }
            if !value.isEmpty || environmentSecrets[environment]?[name] == nil {
                environmentSecrets[environment, default: [:]][name] = value
            }
        } else if !value.isEmpty || secretValues[name] == nil {
            secretValues[name] = value
        }
    }

    /// A literal credential becomes a secret variable named `name` (its value in the secrets file); a value that is
    /// already a `{{reference}}` is kept.
    mutating func credential(_ value: String, as name: String) -> ProfileEmitter.Value {
        .string(credentialText(value, as: name))
    }

    /// `credential` as template text.
    mutating func credentialText(_ value: String, as name: String) -> String {
        if value.contains("{{") {
            for reference in ImportNaming.references(in: value) where variables[reference] == nil {
                secret(reference, "")
            }
            return value
        }
        secret(name, value)
        return "{{\(name)}}"
    }

    /// `credential`, but a value other than the one a variable of that name already holds (a secret, even an empty
    /// one the collection refers to, or a profile variable) gets a name of its own (`name_2`…): two definitions'
    /// client secrets must not overwrite each other, nor a literal take over the user's `{{client_id}}`.
    mutating func distinctCredential(_ value: String, as name: String) -> Template {
        guard !value.contains("{{") else { return Template(credentialText(value, as: name)) }
        var taken = secretValues
        for (variable, template) in variables where taken[variable] == nil { taken[variable] = template.raw }
        let unique = ImportCredentials.secretName(name, value, &taken)
        // The same value as a profile variable: that variable, left where it is.
        if variables[unique] != nil { return Template("{{\(unique)}}") }
        return Template(credentialText(value, as: unique))
    }

    /// The `auths:` name for the source auth object `source` (Postman's, Insomnia's): the one made before, else
    /// `make`'s spec under a new or equal definition's name; nil when `make` has no spec.
    mutating func namedAuth(for source: JSONValue, make: (inout CollectionDraft) -> AuthSpec?) -> String? {
        if let known = authSources.first(where: { $0.source == source }) { return known.name }
        guard let spec = make(&self) else { return nil }
        let name = namedAuth(spec, base: ImportAuth.definitionName(spec))
        authSources.append((source, name))
        return name
    }

    /// The `auths:` name `spec` is defined under: an equal definition's, else a new one from `base` (`oauth2`,
    /// `oauth2_2`…).
    mutating func namedAuth(_ spec: AuthSpec, base: String) -> String {
        if let known = auths.first(where: { $0.value == spec })?.key { return known }
        var name = base
        var counter = 2
        while auths[name] != nil {
            name = "\(base)_\(counter)"
            counter += 1
        }
        auths[name] = spec
        return name
    }

    /// The profile: the base URL the most endpoints share becomes the environments' `base_url` (or a `default`
    /// environment's), paths relative to it, then undefined variables defined.
    func finish() -> ProfileImport {
        var profile = Profile(id: id, name: name, description: description, file: "", environments: environments)
        var counts: [String: Int] = [:]
        var order: [String] = []
        for url in urls {
            let base = Self.split(url).base
            if counts[base] == nil { order.append(base) }
            counts[base, default: 0] += 1
        }
        // The first of the most used (order is first use).
        var base = ""
        for candidate in order where (counts[candidate] ?? 0) > (counts[base] ?? 0) { base = candidate }
        var endpoints = endpoints
        for index in endpoints.indices {
            let (own, rest) = Self.split(urls[index])
            if own == base, !base.isEmpty {
                endpoints[index].path = Template(rest.isEmpty ? "/" : rest)
            }
        }
        profile.endpoints = endpoints
        let baseURL = base.isEmpty ? "http://localhost" : base
        if profile.environments.isEmpty {
            profile.environments = [ProfileEnvironment(name: "default", baseURL: Template(baseURL))]
        } else {
            for index in profile.environments.indices where profile.environments[index].baseURL.raw.isEmpty {
                profile.environments[index].baseURL = Template(baseURL)
            }
        }
        profile.defaultEnvironment = profile.environments.first?.name
        profile.variables = variables
        profile.auths = auths
        let (values, perEnvironment) = settledSecrets()
        var imported = ProfileImport(
            profile: profile, auth: auth, secretVariables: secretNames, secretValues: values,
            environmentSecrets: perEnvironment, notes: notes)
        Self.defineMissing(&imported)
        return imported
    }

    /// Where environments' secret values go: a name whose environments agree on one value (or give none) has it
    /// in the secrets file's `variables`, as when there is one environment; a name whose environments give
    /// different values keeps each under its environment (`environments: { NAME: { variables: … } }`), so they
    /// do not overwrite each other, and the profile-level value stays the collection's own (or empty).
    func settledSecrets() -> (values: [String: String], environments: [String: [String: String]]) {
        var values = secretValues
        var perEnvironment: [String: [String: String]] = [:]
        for name in secretNames {
            let given = environments.compactMap { environment in
                environmentSecrets[environment.name]?[name].flatMap { $0.isEmpty ? nil : (environment.name, $0) }
            }
            let distinct = Set(given.map(\.1))
            if distinct.count == 1, let value = distinct.first {
                values[name] = value
            } else if distinct.count > 1 {
                for (environment, value) in given { perEnvironment[environment, default: [:]][name] = value }
            }
        }
        return (values, perEnvironment)
    }

    /// `{{host}}/v1/pets?x=1` → (`{{host}}`, `/v1/pets?x=1`); `https://a.example:8/x` → (`https://a.example:8`,
    /// `/x`); anything else has no base.
    static func split(_ url: String) -> (base: String, rest: String) {
        if url.hasPrefix("{{"), let close = url.range(of: "}}") {
            let rest = url[close.upperBound...]
            if rest.isEmpty || rest.hasPrefix("/") || rest.hasPrefix("?") {
                return (String(url[..<close.upperBound]), String(rest))
            }
        }
        if let scheme = url.range(of: "://") {
            let afterScheme = url[scheme.upperBound...]
            let end = afterScheme.firstIndex { $0 == "/" || $0 == "?" || $0 == "#" } ?? url.endIndex
            return (String(url[..<end]), String(url[end...]))
        }
        return ("", url)
    }

    /// Every `{{name}}` the profile uses that no variable, environment or secret defines is defined empty
    /// (secret-looking ones in the secrets file), with one note listing them.
    static func defineMissing(_ imported: inout ProfileImport) {
        // Secret values may refer to variables too (`password: "{{$randomPassword}}"`).
        let environmentValues = imported.environmentSecrets.values.flatMap(\.values)
        let text =
            imported.yaml(source: "")
            + (imported.secretValues.values.sorted() + environmentValues.sorted()).joined(separator: "\n")
        var defined = Set(imported.profile.variables.keys).union(imported.secretVariables)
        for environment in imported.profile.environments { defined.formUnion(environment.variables.keys) }
        var added: [String] = []
        for name in ImportNaming.references(in: text)
        where !defined.contains(name) && !name.hasPrefix("env.") {
            if ImportNaming.looksSecret(name), !name.hasPrefix("$") {
                imported.secretVariables.append(name)
            } else {
                imported.profile.variables[name] = Template("")
            }
            defined.insert(name)
            added.append(name)
        }
        if !added.isEmpty {
            imported.notes.append(
                "\(Units.count(added.count, "variable")) used but not defined in the file, added empty: "
                    + added.prefix(12).joined(separator: ", ") + (added.count > 12 ? ", …" : ""))
        }
    }
}
