import Foundation

extension CurlCommandLine {
    /// Reads a pasted curl command line, with or without its leading `curl`.
    package static func parse(pasted text: String) throws(InteropError) -> CurlCommandLine {
        var line = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if !(line.hasPrefix("curl ") || line.hasPrefix("curl\t")) { line = "curl " + line }
        return try parse(line)
    }

    /// Whether a line of a pasted command continues on the next one, as a shell joins lines: it ends with a
    /// backslash outside quotes (`curl -X POST \`). The explorer's one-off prompt keeps reading then.
    package static func continuesOnNextLine(_ line: String) -> Bool {
        ShellWords.continuesOnNextLine(line)
    }

    /// The URL's origin (`scheme://host[:port]`): the base URL of a profile made for this command.
    package func origin() throws(InteropError) -> String {
        guard let parsed = URL(string: url), let scheme = parsed.scheme, let host = parsed.host else {
            throw InteropError(.invalid("not an http URL: \(url)"))
        }
        return "\(scheme)://\(host)" + (parsed.port.map { ":\($0)" } ?? "")
    }

    /// The endpoint this command adds to a profile whose endpoint ids are `taken`. Without an `id`, the id is
    /// the method and the URL's path segments joined with dots (`POST /v1/users` → `post.v1.users`; each segment as
    /// `Endpoint.idWord` spells it, `a%20b` → `a-b`), and the
    /// name the method and path (`POST /v1/users`); a taken derived id gets `-2`, `-3`, … (and its name
    /// `(2)`, …). A given `id` that is taken is an error.
    package func importedEndpoint(
        id: String?, name: String? = nil, folder: String? = nil, baseURL: String?, taken: Set<String>
    ) throws(InteropError) -> Endpoint {
        var endpoint = try self.endpoint(id: id ?? "request", baseURL: baseURL)
        let path = URL(string: url)?.path ?? ""
        let words = path.split(separator: "/").map(String.init).filter { !$0.isEmpty }
        var derivedName = "\(method.rawValue) /" + words.joined(separator: "/")
        if id == nil {
            // Words one can type in a shell: `/anything/a%20b/✓` gave `get.anything.a b.✓`.
            let encoded = URLComponents(string: url)?.percentEncodedPath ?? path
            endpoint.id = ([method.rawValue.lowercased()] + encoded.split(separator: "/").compactMap(Endpoint.idWord))
                .joined(separator: ".")
        }
        if taken.contains(endpoint.id) {
            guard id == nil else {
                throw InteropError(.invalid("the profile already has an endpoint `\(endpoint.id)`"))
            }
            var counter = 2
            while taken.contains("\(endpoint.id)-\(counter)") { counter += 1 }
            endpoint.id += "-\(counter)"
            derivedName += " (\(counter))"
        }
        endpoint.name = name ?? (id == nil ? derivedName : endpoint.id)
        endpoint.folder = folder
        return endpoint
    }

    /// A new profile `id` stored at `file` holding `endpoint`, with one environment, `default`, for the URL's
    /// origin (`origin()`).
    package func newProfile(id: String, file: String, endpoint: Endpoint) throws(InteropError) -> Profile {
        Profile(
            id: id, file: file, defaultEnvironment: "default",
            environments: [ProfileEnvironment(name: "default", baseURL: Template(try origin()))],
            endpoints: [endpoint])
    }
}
