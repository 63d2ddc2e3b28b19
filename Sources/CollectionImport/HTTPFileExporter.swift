import ExplorerCore

/// A profile as a `.http` file (JetBrains HTTP Client, VS Code REST Client): the environment's base URL and
/// non-secret variables as `@name = value` lines, then one `###` block per endpoint with its method, URL, headers
/// and body, `{{variables}}` kept as references. Secret values are never written: the file refers to them by name
/// (the editor's private environment file holds them).
package enum HTTPFileExporter {
    /// The file's text for `profile` in `environment` (default: the profile's default, else its first).
    package static func export(_ profile: Profile, environment name: String?) -> String {
        let environment =
            profile.environments.first { $0.name == (name ?? profile.defaultEnvironment) } ?? profile.environments.first
        var lines = ["# \(profile.name): exported by apix from profile \(profile.id)"]
        if let environment { lines.append("# environment \(environment.name)") }
        lines.append("")
        var variables = profile.variables
        for (key, value) in environment?.variables ?? [:] { variables[key] = value }
        for key in variables.keys.sorted() where !profile.secretNames.contains(key) && key != "base_url" {
            lines.append("@\(key) = \(variables[key]?.raw ?? "")")
        }
        // A ws:// base is reached over http by the requests written here, as apix sends them.
        let base = environment.map { WebSocketConnection.transportURL($0.baseURL.raw) } ?? "http://localhost"
        lines.append("@base_url = \(base)")
        let secrets = profile.secretNames.sorted()
        if !secrets.isEmpty {
            lines.append("# secret variables, not written here: " + secrets.joined(separator: ", "))
        }
        for endpoint in profile.endpoints {
            lines.append("")
            lines.append("### \(endpoint.name)")
            lines.append("# @name \(endpoint.id)")
            lines += request(endpoint, profile: profile, environment: environment)
        }
        return lines.joined(separator: "\n") + "\n"
    }

    static func request(_ endpoint: Endpoint, profile: Profile, environment: ProfileEnvironment?) -> [String] {
        var path = endpoint.path.raw
        for name in endpoint.placeholders {
            let value = endpoint.params.first { $0.name == name }?.value?.raw ?? "{{\(name)}}"
            path = path.replacingOccurrences(of: "{\(name)}", with: value)
        }
        var url = path.contains("://") ? path : "{{base_url}}" + (path.hasPrefix("/") ? path : "/" + path)
        let query = endpoint.query.flatMap { item in (item.values ?? []).map { "\(item.name)=\($0.raw)" } }
        if !query.isEmpty { url += "?" + query.joined(separator: "&") }
        var lines = ["\(endpoint.method.rawValue) \(url)"]
        var headers = profile.headers + (environment?.headers ?? [])
        for header in endpoint.headers {
            headers.removeAll { $0.name.lowercased() == header.name.lowercased() }
            headers.append(header)
        }
        for header in headers {
            for value in header.values ?? [] { lines.append("\(header.name): \(value.raw)") }
        }
        // The credentials the endpoint is sent with (its own, a named definition, else the environment's or the
        // profile's), as the core decides them.
        let builder = try? RequestBuilder(profile: profile, environment: environment?.name)
        let auth = builder.map { $0.authSpec(for: endpoint) } ?? (endpoint.authDisabled ? nil : profile.auth)
        lines += authLines(auth)
        guard let body = endpoint.body else { return lines }
        switch body {
        case .json(let value):
            lines += ["Content-Type: application/json", "", json(value)]
        case .form(let fields):
            let pairs = fields.flatMap { field in (field.values ?? []).map { "\(field.name)=\($0.raw)" } }
            lines += ["Content-Type: application/x-www-form-urlencoded", "", pairs.joined(separator: "&")]
        case .multipart(let fields):
            let boundary = "apix-boundary"
            lines += ["Content-Type: multipart/form-data; boundary=\(boundary)", ""]
            for field in fields {
                for value in field.values ?? [] {
                    lines.append("--\(boundary)")
                    if value.raw.hasPrefix("@"), !value.raw.hasPrefix("@@") {
                        let file = String(value.raw.dropFirst())
                        let base = file.split(separator: "/").last.map(String.init) ?? file
                        lines += [
                            "Content-Disposition: form-data; name=\"\(field.name)\"; filename=\"\(base)\"", "",
                            "< \(file)",
                        ]
                    } else {
                        lines += ["Content-Disposition: form-data; name=\"\(field.name)\"", "", value.raw]
                    }
                }
            }
            lines.append("--\(boundary)--")
        case .text(let text, let type):
            if let type { lines.append("Content-Type: \(type)") }
            lines += ["", text.raw.hasPrefix("@@") ? String(text.raw.dropFirst()) : text.raw]
        case .file(let file, let type):
            if let type { lines.append("Content-Type: \(type)") }
            lines += ["", "< " + (file.raw.hasPrefix("@") ? String(file.raw.dropFirst()) : file.raw)]
        case .graphql(let graphql):
            // The JSON body GraphQL over HTTP sends, `{{variables}}` as written (a GET's query is in no body).
            guard endpoint.method != .get else { break }
            var members = ["\"query\": " + JSONValue.string(graphql.query).serialized()]
            if let variables = graphql.variables { members.append("\"variables\": " + json(variables)) }
            if let operation = graphql.operation {
                members.append("\"operationName\": " + JSONValue.string(operation).serialized())
            }
            lines += ["Content-Type: application/json", "", "{" + members.joined(separator: ", ") + "}"]
        }
        return lines
    }

    static func authLines(_ auth: AuthSpec?) -> [String] {
        switch auth {
        case .bearer(let token)?: ["Authorization: Bearer \(token.raw)"]
        case .basic(let username, let password)?: ["Authorization: Basic \(username.raw) \(password.raw)"]
        // The JetBrains HTTP client's form: the client answers the challenge.
        case .challenge(.digest, let username, let password)?: ["Authorization: Digest \(username.raw) \(password.raw)"]
        case .apiKey(let name, let value, let location)? where location == .header: ["\(name.raw): \(value.raw)"]
        case .oauth2?: ["Authorization: Bearer {{access_token}}"]
        default: []
        }
    }

    /// A body template as JSON text, `{{variables}}` kept inside strings as written.
    static func json(_ value: TemplateValue, indent: String = "") -> String {
        let inner = indent + "  "
        switch value {
        case .null: return "null"
        case .bool(let flag): return String(flag)
        case .number(let text): return text
        case .string(let template): return JSONValue.string(template.raw).serialized()
        case .array(let items):
            guard !items.isEmpty else { return "[]" }
            return "[\n" + items.map { inner + json($0, indent: inner) }.joined(separator: ",\n") + "\n\(indent)]"
        case .object(let members):
            guard !members.isEmpty else { return "{}" }
            return "{\n"
                + members.map { inner + JSONValue.string($0.key).serialized() + ": " + json($0.value, indent: inner) }
                .joined(separator: ",\n") + "\n\(indent)}"
        }
    }
}
