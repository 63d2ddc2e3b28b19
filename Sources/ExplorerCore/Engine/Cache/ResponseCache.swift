import Foundation

/// Stored responses, bounded in memory by bytes (least recently used go first) and persisted per profile under
/// the state directory, so the last answer survives a restart.
///
/// The client consults it for each exchange whose `SendOptions.cache` is set (see `Client`); the rules for what
/// is stored and for how long are `CachePolicy`'s. A damaged file is ignored and reported in `problems`.
public actor ResponseCache {
    /// A stored response, fresh or not, for showing the last answer before (or instead of) sending.
    package struct Stored: Sendable {
        /// The stored response, with `source == .cache` and its `age`.
        package var response: Response
        /// Whether it may be reused now without asking the server.
        package var isFresh: Bool
    }

    /// What the cache can do for one exchange.
    enum Lookup: Sendable {
        /// Answer with this response; no exchange needed.
        case fresh(Response)
        /// Ask the server with these conditional headers; a 304 means the stored response is still good.
        case stale(validators: HTTPHeaders)
        case miss
    }

    private struct Entry {
        var record: CachedResponse
        /// Unique and increasing with each use: the least recently used entry has the smallest.
        var tick: UInt64
    }

    private struct Namespace {
        var salt: String
        var entries: [CacheKey: [Entry]] = [:]
    }

    public static let defaultMaxBytes = 64 << 20
    /// Bodies larger than this are not stored (the transport spools bodies over 8 MiB to disk anyway).
    public static let defaultMaxEntryBytes = TransferOptions.defaultMemoryLimit

    /// Where the per-profile files go; `nil` keeps everything in memory.
    package nonisolated let directory: String?
    /// Bytes held in memory across all profiles before the least recently used entries go.
    package nonisolated let maxBytes: Int
    /// The largest body stored.
    package nonisolated let maxEntryBytes: Int
    /// The current time (a parameter so tests can age entries); the client times requests with it too.
    nonisolated let now: @Sendable () -> Date

    private var namespaces: [String: Namespace] = [:]
    private var dirty: Set<String> = []
    private var tick: UInt64 = 0
    /// Bytes held, as counted against `maxBytes`.
    package private(set) var byteCount = 0
    /// Damaged or unwritable files met so far, oldest first.
    package private(set) var problems: [CacheError] = []

    /// - Parameters:
    ///   - directory: where each profile's file is kept (`nil`: memory only).
    ///   - clock: the current time, replaceable so tests can age entries without waiting.
    public init(
        directory: String? = ResponseCache.defaultDirectory(), maxBytes: Int = ResponseCache.defaultMaxBytes,
        maxEntryBytes: Int = ResponseCache.defaultMaxEntryBytes, clock: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.directory = directory
        self.maxBytes = maxBytes
        self.maxEntryBytes = min(maxEntryBytes, maxBytes)
        now = clock
    }

    /// `$XDG_STATE_HOME/apix/cache` (see `StateDirectory`).
    public static func defaultDirectory(
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> String {
        (StateDirectory.path(environment: environment) as NSString).appendingPathComponent("cache")
    }

    /// The file holding `namespace`'s entries (`nil` for a memory-only cache).
    package nonisolated func filePath(namespace: String) -> String? {
        guard let directory else { return nil }
        return (directory as NSString).appendingPathComponent(PercentEncoding.cacheFileName(namespace) + ".cache")
    }

    /// Entries held, across every loaded namespace.
    var entryCount: Int {
        namespaces.values.reduce(0) { total, namespace in
            total + namespace.entries.values.reduce(0) { $0 + $1.count }
        }
    }

    // MARK: - Public reads and housekeeping

    /// The stored response for `request`, fresh or not, without touching the network (the explorer shows it when
    /// an endpoint is reopened). `nil` when nothing matching is stored.
    package func stored(for request: PreparedRequest, options: CacheOptions) -> Stored? {
        guard CachePolicy.applies(to: request), let found = find(request, options: options) else { return nil }
        let record = found.entry.record
        let time = now()
        let metrics = Metrics(startedAt: time, endedAt: time)
        return Stored(
            response: record.response(source: .cache, age: record.age(at: time), metrics: metrics),
            isFresh: record.isFresh(at: time, ttl: options.ttl))
    }

    /// Forgets every entry of `namespace` (every namespace when `nil`), in memory and on disk.
    public func removeAll(namespace: String? = nil) {
        let names = namespace.map { [$0] } ?? Array(namespaces.keys)
        for name in names {
            var space = load(name)
            for entries in space.entries.values { byteCount -= entries.reduce(0) { $0 + $1.record.cost } }
            space.entries = [:]
            namespaces[name] = space
            dirty.insert(name)
        }
        flush()
    }

    // MARK: - The client's side

    /// What the cache can do for `request`: answer it, revalidate it, or nothing.
    func lookup(_ request: PreparedRequest, options: CacheOptions) -> Lookup {
        guard options.mode == .use, CachePolicy.applies(to: request), !CachePolicy.requestsReload(request),
            let found = find(request, options: options)
        else { return .miss }
        let time = now()
        touch(found)
        let record = found.entry.record
        if record.isFresh(at: time, ttl: options.ttl) {
            let metrics = Metrics(startedAt: time, endedAt: time)
            return .fresh(record.response(source: .cache, age: record.age(at: time), metrics: metrics))
        }
        let validators = CachePolicy.validators(for: record.httpHeaders)
        return validators.isEmpty ? .miss : .stale(validators: validators)
    }

    /// Stores `response` to `request` when the rules allow; a `no-store` answer removes what was stored.
    func store(_ response: Response, for request: PreparedRequest, requestTime: Date, options: CacheOptions) {
        guard CachePolicy.applies(to: request) else { return }
        defer { flush() }
        guard CachePolicy.isStorable(response, for: request, maxBodyBytes: maxEntryBytes),
            let varyNames = CachePolicy.varyNames(response.headers), let body = try? response.body.data()
        else {
            if CachePolicy.Directives(response.headers).noStore { remove(request, options: options) }
            return
        }
        let salt = load(options.namespace).salt
        let key = CacheKey(request, credentialHeaders: options.credentialHeaders, salt: salt)
        var record = CachedResponse(
            response: response, body: body, requestTime: requestTime, responseTime: now(), identity: key.identity,
            varyNames: varyNames, varyDigest: CacheKey.varyDigest(of: request.headers, names: varyNames, salt: salt))
        record.url = key.url
        guard record.cost <= maxBytes else { return }
        remove(request, options: options)
        insert(record, key: key, namespace: options.namespace)
        evictIfNeeded()
    }

    /// Applies a 304 to the stored response it confirms and returns that response; `nil` when nothing matching is
    /// stored any more.
    func revalidate(
        with notModified: Response, for request: PreparedRequest, requestTime: Date, options: CacheOptions
    ) -> Response? {
        guard let found = find(request, options: options) else { return nil }
        defer { flush() }
        var record = found.entry.record
        let time = now()
        record.headers = CachePolicy.updatedHeaders(record.httpHeaders, with: notModified.headers).map {
            CachedResponse.Field(name: $0.name, value: $0.value)
        }
        record.requestTime = requestTime
        record.responseTime = time
        record.lastUsed = time
        replace(found, with: record)
        return record.response(source: .revalidated, age: record.age(at: time), metrics: notModified.metrics)
    }

    /// Drops every entry for the URL of `request` (any method, any user): an unsafe request changed the resource.
    /// Looks in `namespace`, or in every loaded namespace when `nil`.
    func invalidate(_ request: PreparedRequest, namespace: String?) {
        let target = CacheKey.normalized(request.url, credentials: request.credentialNames)
        let names = namespace.map { [$0] } ?? Array(namespaces.keys)
        for name in names {
            var space = load(name)
            for key in space.entries.keys where key.url == target {
                byteCount -= space.entries[key, default: []].reduce(0) { $0 + $1.record.cost }
                space.entries[key] = nil
                dirty.insert(name)
            }
            namespaces[name] = space
        }
        flush()
    }

    // MARK: - Storage

    private struct Found {
        var namespace: String
        var key: CacheKey
        var index: Int
        var entry: Entry
    }

    /// The entry matching `request`: same method, URL and identity, and equal values of the headers it varies on.
    private func find(_ request: PreparedRequest, options: CacheOptions) -> Found? {
        let space = load(options.namespace)
        let key = CacheKey(request, credentialHeaders: options.credentialHeaders, salt: space.salt)
        guard let entries = space.entries[key] else { return nil }
        guard
            let index = entries.firstIndex(where: { entry in
                CacheKey.varyDigest(of: request.headers, names: entry.record.varyNames, salt: space.salt)
                    == entry.record.varyDigest
            })
        else { return nil }
        return Found(namespace: options.namespace, key: key, index: index, entry: entries[index])
    }

    /// Removes the entry `request` would match (the one a new response replaces).
    private func remove(_ request: PreparedRequest, options: CacheOptions) {
        guard let found = find(request, options: options) else { return }
        namespaces[found.namespace]?.entries[found.key]?.remove(at: found.index)
        if namespaces[found.namespace]?.entries[found.key]?.isEmpty == true {
            namespaces[found.namespace]?.entries[found.key] = nil
        }
        byteCount -= found.entry.record.cost
        dirty.insert(found.namespace)
    }

    private func insert(_ record: CachedResponse, key: CacheKey, namespace: String) {
        tick += 1
        namespaces[namespace, default: Namespace(salt: CacheFile.makeSalt())].entries[key, default: []]
            .append(Entry(record: record, tick: tick))
        byteCount += record.cost
        dirty.insert(namespace)
    }

    private func replace(_ found: Found, with record: CachedResponse) {
        tick += 1
        namespaces[found.namespace]?.entries[found.key]?[found.index] = Entry(record: record, tick: tick)
        byteCount += record.cost - found.entry.record.cost
        dirty.insert(found.namespace)
    }

    /// Marks an entry as just used. Not written to disk on its own: the order is saved with the next change.
    private func touch(_ found: Found) {
        tick += 1
        namespaces[found.namespace]?.entries[found.key]?[found.index].tick = tick
        namespaces[found.namespace]?.entries[found.key]?[found.index].record.lastUsed = now()
    }

    /// Drops least recently used entries, across namespaces, until the total fits `maxBytes`.
    private func evictIfNeeded() {
        guard byteCount > maxBytes else { return }
        var all: [(tick: UInt64, namespace: String, key: CacheKey, cost: Int)] = []
        for (name, space) in namespaces {
            for (key, entries) in space.entries {
                for entry in entries { all.append((entry.tick, name, key, entry.record.cost)) }
            }
        }
        for victim in all.sorted(by: { $0.tick < $1.tick }) where byteCount > maxBytes {
            namespaces[victim.namespace]?.entries[victim.key]?.removeAll { $0.tick == victim.tick }
            if namespaces[victim.namespace]?.entries[victim.key]?.isEmpty == true {
                namespaces[victim.namespace]?.entries[victim.key] = nil
            }
            byteCount -= victim.cost
            dirty.insert(victim.namespace)
        }
    }

    /// The namespace, read from its file the first time it is needed.
    @discardableResult
    private func load(_ name: String) -> Namespace {
        if let space = namespaces[name] { return space }
        var space = Namespace(salt: CacheFile.makeSalt())
        if let path = filePath(namespace: name) {
            do {
                if let file = try CacheFile.read(path) {
                    space.salt = file.salt
                    // Oldest use first, so ticks keep the saved order.
                    let ordered = file.entries.enumerated().sorted {
                        ($0.element.lastUsed, $0.offset) < ($1.element.lastUsed, $1.offset)
                    }
                    for (_, record) in ordered where record.body.count <= maxEntryBytes {
                        tick += 1
                        space.entries[record.key, default: []].append(Entry(record: record, tick: tick))
                        byteCount += record.cost
                    }
                }
            } catch {
                problems.append(error)
            }
        }
        namespaces[name] = space
        evictIfNeeded()
        return namespaces[name] ?? space
    }

    /// Writes every namespace changed since the last flush.
    private func flush() {
        let names = dirty
        dirty = []
        for name in names {
            guard let path = filePath(namespace: name), let space = namespaces[name] else { continue }
            let entries = space.entries.values.flatMap { $0 }.sorted { $0.tick < $1.tick }.map(\.record)
            do {
                if entries.isEmpty {
                    if FileManager.default.fileExists(atPath: path) { try FileManager.default.removeItem(atPath: path) }
                } else {
                    try CacheFile(salt: space.salt, entries: entries).write(to: path)
                }
            } catch let error as CacheError {
                problems.append(error)
            } catch {
                problems.append(CacheError(.unwritable(error.localizedDescription), path: path))
            }
        }
    }
}
