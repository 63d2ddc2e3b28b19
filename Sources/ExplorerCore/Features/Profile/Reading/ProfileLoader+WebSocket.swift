/// Reading an endpoint's `protocol:` and the WebSocket keys (docs/WEBSOCKET.md); every mistake is a located
/// problem, as for any endpoint key.
extension ProfileLoader {
    static let webSocketKeys = ["subprotocols", "ping_interval", "max_message", "messages", "connection_init"]
    static let savedMessageKinds = ["text", "json", "file"]

    /// `protocol: websocket` and its keys; nil for HTTP (no `protocol:`, or `protocol: http`). A WebSocket key on
    /// an HTTP endpoint is a problem (it would be silently ignored).
    static func readWebSocket(_ fields: YAMLFields, body: BodyTemplate?, reader: inout YAMLReader)
        -> WebSocketEndpoint?
    {
        var isWebSocket = false
        if let node = fields["protocol"], let text = reader.string(node, "protocol") {
            switch text.lowercased() {
            case "websocket": isWebSocket = true
            case "http": break
            default: reader.fail("`protocol` must be http or websocket, got \"\(text)\"", at: node)
            }
        }
        guard isWebSocket else {
            for key in webSocketKeys {
                if let node = fields[key] {
                    reader.fail("`\(key)` is a WebSocket key: add `protocol: websocket` to the endpoint", at: node)
                }
            }
            return nil
        }
        var settings = WebSocketEndpoint()
        if let node = fields["subprotocols"] { settings.subprotocols = readSubprotocols(node, reader: &reader) }
        if let node = fields["ping_interval"] {
            settings.pingInterval = reader.seconds(node, "ping_interval").flatMap { $0 > .zero ? $0 : nil }
        }
        if let node = fields["max_message"], let size = reader.size(node, "max_message") {
            if size == 0 || size > Int64(Int32.max) * 2 {
                reader.fail("`max_message` must be from 1 byte to 4GiB, got \(node.scalar?.string ?? "")", at: node)
            } else {
                settings.maxMessage = size
            }
        }
        if let node = fields["messages"] { settings.messages = readSavedMessages(node, reader: &reader) }
        if let node = fields["connection_init"] {
            if case .graphql? = body {
                settings.connectionInit = readConnectionInit(node, reader: &reader)
            } else {
                reader.fail(
                    "`connection_init` is the payload of graphql-transport-ws's first message: it needs a `graphql:` "
                        + "body", at: node)
            }
        }
        return settings
    }

    /// `connection_init:`: a mapping, or a JSON object as text (checked now unless a `{{variable}}` fills it in when
    /// sent). The protocol's `connection_init` payload is an object or nothing.
    private static func readConnectionInit(_ node: YAMLNode, reader: inout YAMLReader) -> TemplateValue? {
        let value = reader.templateValue(node)
        switch value {
        case .object: return value
        case .null: return nil
        case .string(let text) where text.raw.trimmingCharacters(in: .whitespacesAndNewlines).hasPrefix("{"):
            guard !text.raw.contains("{{") else { return value }
            do {
                guard case .object = try JSONValue.parse(text.raw) else { break }
                return value
            } catch {
                reader.fail("`connection_init` is not a JSON object: \(error)", at: node)
                return nil
            }
        default: break
        }
        reader.fail(
            "`connection_init` must be a mapping (or a JSON object as text), got \(YAMLReader.describe(node))", at: node
        )
        return nil
    }

    private static func readSubprotocols(_ node: YAMLNode, reader: inout YAMLReader) -> [String] {
        let items = node.sequence.map(Array.init) ?? [node]
        var names: [String] = []
        for item in items {
            guard let name = reader.string(item, "subprotocols") else { continue }
            // RFC 6455 §4.1: each is a token (RFC 2616's), sent comma-separated.
            guard !name.isEmpty, name.unicodeScalars.allSatisfy(HTTPMethod.isTokenCharacter) else {
                reader.fail("subprotocol \"\(name)\" must be a token (no spaces, commas or quotes)", at: item)
                continue
            }
            names.append(name)
        }
        return names
    }

    private static func readSavedMessages(_ node: YAMLNode, reader: inout YAMLReader)
        -> [WebSocketEndpoint.SavedMessage]
    {
        guard let sequence = node.sequence else {
            reader.fail(
                "`messages` must be a list of { name, text | json | file }, got \(YAMLReader.describe(node))", at: node)
            return []
        }
        var messages: [WebSocketEndpoint.SavedMessage] = []
        for item in sequence {
            guard
                let fields = reader.fields(
                    item, "saved message", known: ["name"] + savedMessageKinds, required: ["name"]),
                let nameNode = fields["name"], let name = reader.string(nameNode, "messages.name")
            else { continue }
            if messages.contains(where: { $0.name == name }) {
                reader.fail("saved message `\(name)` is defined twice", at: nameNode)
                continue
            }
            let kinds = savedMessageKinds.filter { fields[$0] != nil }
            guard kinds.count == 1, let kind = kinds.first, let value = fields[kind] else {
                let found = kinds.isEmpty ? "none" : kinds.map { "`\($0)`" }.joined(separator: " and ")
                reader.fail(
                    "saved message `\(name)` needs exactly one of `text`, `json` or `file`, got \(found)", at: item)
                continue
            }
            switch kind {
            case "text":
                guard let text = reader.template(value, "\(name).text") else { continue }
                messages.append(.init(name: name, content: .text(text)))
            case "json":
                messages.append(.init(name: name, content: .json(reader.templateValue(value))))
            default:
                guard let path = reader.string(value, "\(name).file") else { continue }
                messages.append(.init(name: name, content: .file(path)))
            }
        }
        return messages
    }
}
