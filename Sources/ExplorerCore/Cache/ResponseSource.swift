/// Where a response came from.
public enum ResponseSource: String, Sendable, Equatable {
    /// The server answered this request.
    case network
    /// A stored response, still fresh, answered without asking the server.
    case cache
    /// A stored response the server confirmed unchanged (304 Not Modified).
    case revalidated
}
