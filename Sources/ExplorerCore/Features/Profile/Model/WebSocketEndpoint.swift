/// An endpoint's `protocol: websocket` settings (docs/WEBSOCKET.md): the session's subprotocols, keep-alive,
/// message bound, and the messages saved to send by name.
package struct WebSocketEndpoint: Sendable, Hashable {
    /// A message saved in the profile (`messages:`), sent with `--send-saved NAME`.
    package struct SavedMessage: Sendable, Hashable {
        package enum Content: Sendable, Hashable {
            /// `text:`: sent as a text message, `{{variables}}` filled.
            case text(Template)
            /// `json:`: a YAML value written as JSON, sent as a text message.
            case json(TemplateValue)
            /// `file:`: the file's bytes, sent as a binary message (relative to the profile's directory).
            case file(String)
        }

        package var name: String
        package var content: Content

        package init(name: String, content: Content) {
            self.name = name
            self.content = content
        }
    }

    /// `subprotocols:`, offered in this order (`Sec-WebSocket-Protocol`).
    package var subprotocols: [String] = []
    /// `ping_interval:` seconds between keep-alive pings; nil: none.
    package var pingInterval: Duration?
    /// `max_message:` bytes; nil: the default (64 MiB).
    package var maxMessage: Int64?
    package var messages: [SavedMessage] = []
    /// `connection_init:`: the payload of a `graphql:` body's first graphql-transport-ws message (`connection_init`),
    /// where servers take a token or other connection parameters; a mapping (or a JSON object as text) whose strings
    /// may hold `{{variables}}`. Nil: the message has no payload.
    package var connectionInit: TemplateValue?

    package init(
        subprotocols: [String] = [], pingInterval: Duration? = nil, maxMessage: Int64? = nil,
        messages: [SavedMessage] = [], connectionInit: TemplateValue? = nil
    ) {
        self.subprotocols = subprotocols
        self.pingInterval = pingInterval
        self.maxMessage = maxMessage
        self.messages = messages
        self.connectionInit = connectionInit
    }

    /// The saved message called `name`.
    package func message(named name: String) -> SavedMessage? { messages.first { $0.name == name } }
}
