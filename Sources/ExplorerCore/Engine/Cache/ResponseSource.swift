/// Where a response came from.
public enum ResponseSource: String, Sendable, Equatable {
    /// The server answered this request.
    case network
    /// A stored response, still fresh, answered without asking the server.
    case cache
    /// A stored response the server confirmed unchanged (304 Not Modified).
    case revalidated

    /// Where an answer came from, in words both front ends show (`apix run`'s status line, the TUI's metrics):
    /// `from the cache, 12 s old`, `from the cache, revalidated (304)`; nil for an answer from the server.
    package func note(age: Duration) -> String? {
        switch self {
        case .network: nil
        case .cache: "from the cache, \(Units.age(age)) old"
        case .revalidated: "from the cache, revalidated (304)"
        }
    }

    /// The same, as the short mark the TUI puts beside the status: `cached · 12 s old`, `revalidated (304)`;
    /// `stale` adds that the cache would no longer answer with it (`cached · 5 min old · stale`).
    package func badge(age: Duration, stale: Bool = false) -> String? {
        switch self {
        case .network: nil
        case .cache: "cached · \(Units.age(age)) old" + (stale ? " · stale" : "")
        case .revalidated: "revalidated (304)"
        }
    }
}
