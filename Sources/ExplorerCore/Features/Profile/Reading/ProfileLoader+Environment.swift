import Foundation

/// An environment of `environments:`: its `base_url` (http, https, or a WebSocket service's ws and wss), headers,
/// variables, TLS and network keys, and credentials.
extension ProfileLoader {
    static func readEnvironment(_ node: YAMLNode, name: String, reader: inout YAMLReader) -> ProfileEnvironment? {
        guard let fields = reader.fields(node, "environment `\(name)`", known: environmentKeys, required: ["base_url"])
        else { return nil }
        // Without a readable `base_url` (reported) the rest is still read, so its variables count as defined.
        let urlNode = fields["base_url"]
        let baseURL = urlNode.flatMap { reader.template($0, "base_url") }
        // ws:// and wss:// too: a WebSocket service's address as its users write it (requests go to http/https).
        if let urlNode, let baseURL, baseURL.variableNames.isEmpty,
            !RequestBuilder.isHTTPURL(WebSocketConnection.transportURL(baseURL.raw))
        {
            let hint = ProfileShapeHints.baseURL(baseURL.raw).map { "; \($0)" } ?? ""
            reader.fail(
                "`base_url` must be an http://, https://, ws:// or wss:// URL with a host, got \"\(baseURL.raw)\"\(hint)",
                at: urlNode)
        }
        var environment = ProfileEnvironment(
            name: name, baseURL: baseURL ?? Template(""), location: reader.location(node))
        if let node = fields["headers"] { environment.headers = reader.parameters(node, "headers") }
        if let node = fields["variables"] { environment.variables = readVariables(node, reader: &reader) }
        if let node = fields["insecure"] { environment.insecure = reader.bool(node, "insecure") }
        if let node = fields["ca_file"] { environment.caFile = reader.string(node, "ca_file") }
        if let node = fields["compressed"] { environment.compressed = reader.bool(node, "compressed") }
        if let node = fields["auth"] { environment.auth = readAuth(node, reader: &reader) }
        if let node = fields["auths"] { environment.auths = readAuthDefinitions(node, reader: &reader) }
        readNetwork(fields, into: &environment.network, reader: &reader)
        environment.envFile = readEnvFile(fields, reader: &reader)
        return environment
    }
}
