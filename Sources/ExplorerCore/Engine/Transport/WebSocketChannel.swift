import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// What the reader's side and the connection's I/O thread share: received events (bounded), messages to send
/// (bounded), a close request, and a pipe that wakes the I/O thread's poll.
final class WebSocketChannel: Sendable {
    private struct State {
        var events: [WebSocketEvent] = []
        var finished = false
        var eventWaiter: CheckedContinuation<WebSocketEvent?, Never>?
        var outgoing: [WebSocketMessage] = []
        /// Senders waiting for room, resumed with false (ask again) when the I/O thread takes the queue.
        var sendWaiters: [CheckedContinuation<Bool, Never>] = []
        var closeRequest: (code: UInt16, reason: String)?
    }

    private let state = Mutex(State())
    /// The pipe's read end, which the I/O thread polls; -1 when no pipe could be made (the thread then polls on a
    /// short timeout).
    let wakeDescriptor: Int32
    /// The pipe's write end: a byte written wakes the I/O thread.
    private let wakeWriter: Int32
    let maxEvents: Int
    let maxOutgoing: Int

    init(maxEvents: Int, maxOutgoing: Int) {
        var ends: [Int32] = [-1, -1]
        if pipe(&ends) == 0 {
            for end in ends {
                _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
                _ = fcntl(end, F_SETFD, FD_CLOEXEC)
            }
        } else {
            ends = [-1, -1]
        }
        wakeDescriptor = ends[0]
        wakeWriter = ends[1]
        self.maxEvents = max(1, maxEvents)
        self.maxOutgoing = max(1, maxOutgoing)
    }

    deinit {
        if wakeDescriptor >= 0 { Glibc.close(wakeDescriptor) }
        if wakeWriter >= 0 { Glibc.close(wakeWriter) }
    }

    func wake() {
        guard wakeWriter >= 0 else { return }
        var one: UInt8 = 1
        _ = write(wakeWriter, &one, 1)  // a full pipe already wakes the thread
    }

    /// Empties the pipe after a wake-up (I/O thread).
    func drainWake() {
        guard wakeDescriptor >= 0 else { return }
        var bytes = [UInt8](repeating: 0, count: 256)
        while read(wakeDescriptor, &bytes, bytes.count) == bytes.count {}
    }

    // MARK: - Reader's side

    /// The next event, waiting for one; nil once the session is over and every event was taken.
    func next() async -> WebSocketEvent? {
        await withCheckedContinuation { continuation in
            let (event, done, freed) = state.withLock { state -> (WebSocketEvent?, Bool, Bool) in
                if !state.events.isEmpty {
                    let wasFull = state.events.count >= maxEvents
                    return (state.events.removeFirst(), false, wasFull)
                }
                if state.finished { return (nil, true, false) }
                state.eventWaiter = continuation
                return (nil, false, false)
            }
            if freed { wake() }  // the I/O thread stopped reading while the queue was full
            if event != nil || done { continuation.resume(returning: event) }
        }
    }

    /// Queues `message`, waiting while `maxOutgoing` are queued; dropped once the session is over.
    func send(_ message: WebSocketMessage) async {
        while true {
            let queued: Bool = await withCheckedContinuation { continuation in
                let result = state.withLock { state -> Bool? in
                    if state.finished || state.closeRequest != nil { return false }
                    if state.outgoing.count < maxOutgoing {
                        state.outgoing.append(message)
                        return true
                    }
                    state.sendWaiters.append(continuation)
                    return nil
                }
                if let result { continuation.resume(returning: result) }
            }
            if queued {
                wake()
                return
            }
            if state.withLock({ $0.finished || $0.closeRequest != nil }) { return }
        }
    }

    func requestClose(code: UInt16, reason: String) {
        state.withLock { state in
            if state.closeRequest == nil { state.closeRequest = (code, reason) }
        }
        wake()
    }

    // MARK: - I/O thread's side

    /// Whether the reader has room for more events (the I/O thread reads from the socket only then).
    var hasRoom: Bool { state.withLock { $0.events.count < maxEvents } }

    func push(_ events: [WebSocketEvent]) {
        guard !events.isEmpty else { return }
        let handOver = state.withLock { state -> (CheckedContinuation<WebSocketEvent?, Never>, WebSocketEvent)? in
            state.events += events
            guard let waiter = state.eventWaiter else { return nil }
            state.eventWaiter = nil
            return (waiter, state.events.removeFirst())
        }
        if let (waiter, event) = handOver { waiter.resume(returning: event) }
    }

    /// Messages to send and the close request, taken (waking senders that waited for room).
    func takeOutgoing() -> (messages: [WebSocketMessage], close: (code: UInt16, reason: String)?) {
        let (messages, close, waiters) = state.withLock { state in
            let taken = (state.outgoing, state.closeRequest, state.sendWaiters)
            state.outgoing.removeAll()
            state.sendWaiters.removeAll()
            return taken
        }
        for waiter in waiters { waiter.resume(returning: false) }
        return (messages, close)
    }

    /// The session is over: no more events (after those queued), senders released.
    func finish() {
        let (waiter, senders) = state.withLock { state in
            state.finished = true
            let taken = (state.events.isEmpty ? state.eventWaiter : nil, state.sendWaiters)
            if taken.0 != nil { state.eventWaiter = nil }
            state.sendWaiters.removeAll()
            return taken
        }
        waiter?.resume(returning: nil)
        for sender in senders { sender.resume(returning: false) }
    }
}
