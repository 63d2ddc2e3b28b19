/// The last `capacity` events of a stream (or frames of a WebSocket session, `WebSocketTranscript`), oldest first:
/// appending past the capacity drops the oldest, so a stream that never ends holds a fixed number of events.
struct EventRing<Element: Sendable & Equatable>: Sendable, Equatable {
    let capacity: Int
    private var storage: [Element] = []
    /// Where the oldest event is once the storage is full.
    private var start = 0

    init(capacity: Int) {
        self.capacity = max(1, capacity)
    }

    var count: Int { storage.count }

    mutating func append(_ event: Element) {
        if storage.count < capacity {
            storage.append(event)
        } else {
            storage[start] = event
            start = (start + 1) % capacity
        }
    }

    /// The events held, oldest first.
    var events: [Element] {
        start == 0 ? storage : Array(storage[start...] + storage[..<start])
    }
}
