import ExplorerCore

/// What a send of the composer or a saved message carries to the runtime.
package enum WebSocketOutgoing: Sendable {
    case message(WebSocketMessage)
    /// A saved message, built by the runtime (a `file:` is read there, never in `update`).
    case saved(WebSocketEndpoint.SavedMessage, RequestBuilder, maxMessage: Int)
}
