/// Counters and resource versions behind the `/cache` routes of one server instance.
///
/// Counting every 200 and 304 per route lets cache tests tell a cache hit (counter unchanged) from a network hit.
actor CacheStore {
    /// Counters reported by `/cache/stats`.
    struct Snapshot: Sendable {
        var served: [String: Int]
        var notModified: [String: Int]
    }

    /// When the `/cache/last-modified` resource last changed (seconds since 1970): an hour before the server
    /// started, whole seconds, so any current date in If-Modified-Since counts as "not modified".
    let lastModified: Int
    private var served: [String: Int] = [:]
    private var notModified: [String: Int] = [:]
    private var etagVersions: [String: Int] = [:]

    init() {
        lastModified = HTTPDate.now() - 3600
    }

    /// Counts a 200 for `route` and returns the new count.
    func countServed(_ route: String) -> Int {
        served[route, default: 0] += 1
        return served[route, default: 0]
    }

    /// The number of 200s served for `route` so far (HEAD requests read it without counting).
    func servedCount(_ route: String) -> Int {
        served[route, default: 0]
    }

    /// Counts a 304 for `route`.
    func countNotModified(_ route: String) {
        notModified[route, default: 0] += 1
    }

    /// The current version of the ETag resource `name` (starting at 1).
    func etagVersion(_ name: String) -> Int {
        etagVersions[name, default: 1]
    }

    /// Changes the ETag resource `name` and returns its new version.
    func bumpETag(_ name: String) -> Int {
        etagVersions[name, default: 1] += 1
        return etagVersions[name, default: 1]
    }

    func snapshot() -> Snapshot {
        Snapshot(served: served, notModified: notModified)
    }
}
