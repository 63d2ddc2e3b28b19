import Foundation
import Synchronization

/// The real transport: libcurl's multi interface on one thread, with streamed bodies, progress, phase timings.
public final class CurlTransport: Transport {
    /// One per process is enough, and shares the connection pool.
    public static let shared = CurlTransport()
    /// `apix bench`'s: a loop per processor, so a load run's own work is spread over the cores as a load tool's is
    /// (one per process, started by the first bench; its threads then wait idle, as the shared one's does).
    package static let load = CurlTransport(loops: ProcessInfo.processInfo.activeProcessorCount)

    private let count: Int
    private let started = Mutex<[CurlMulti]>([])
    private let nextID = Atomic<Int>(0)

    /// The libcurl loops, started by the first exchange: making a client loads no library and starts no thread, so
    /// a front end that may never send (the TUI before its first request) starts without paying for libcurl.
    var loops: [CurlMulti] {
        started.withLock { loops in
            if loops.isEmpty { loops = (0..<count).map { _ in CurlMulti() } }
            return loops
        }
    }

    /// The loop a transfer goes to: the one whose thread is asking (a task running on it, `executors`), so its
    /// connections are that loop's; the first otherwise. Each loop keeps its own connections.
    private var multi: CurlMulti {
        let loops = loops
        return loops.first { $0.isCurrent } ?? loops[0]
    }

    public init() { count = 1 }

    /// A transport with `loops` libcurl loops (threads), each with its own connections.
    package init(loops: Int) { count = max(1, loops) }

    /// The loop threads as executors: a task preferring one sends with no thread hop (`CurlMulti`). Asking starts
    /// the loops.
    package var executors: [any TaskExecutor] { loops }

    public func exchange(
        _ request: PreparedRequest, progress: @escaping @Sendable (TransferProgress) -> Void
    ) async -> Result<Response, TransportError> {
        await exchange(request, events: nil, progress: progress)
    }

    public func exchange(
        _ request: PreparedRequest, events: EventStream?, progress: @escaping @Sendable (TransferProgress) -> Void
    ) async -> Result<Response, TransportError> {
        let wired: (request: PreparedRequest, segments: [BodySegment])
        switch Self.wire(request) {
        case .success(let wire): wired = wire
        case .failure(let error): return .failure(error)
        }
        if Task.isCancelled { return .failure(TransportError(.cancelled, "cancelled")) }
        let id = nextID.add(1, ordering: .relaxed).newValue
        guard
            let transfer = CurlTransfer(
                id: id, request: wired.request, segments: wired.segments, events: events, onProgress: progress)
        else {
            return .failure(TransportError(.other, "libcurl could not create a handle"))
        }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                transfer.attach(continuation)
                multi.add(transfer)
            }
        } onCancel: {
            multi.cancel(transfer)
        }
    }

    /// The request as it goes on the wire, with its body's segments: an AWS-signed request with a body says which
    /// body it is (the signature covers it).
    static func wire(_ request: PreparedRequest) -> Result<(PreparedRequest, [BodySegment]), TransportError> {
        let segments: [BodySegment]
        do {
            segments = try request.body.segments()
        } catch {
            return .failure(TransportError(.localIO, error.message))
        }
        var request = request
        if case .awsSigV4? = request.options.authentication?.scheme, !segments.isEmpty,
            !request.headers.contains(TransportCredential.contentSHA256Header)
        {
            // AWS checks the digest against what arrives.
            guard let digest = UploadSource.sha256Hex(of: segments) else {
                return .failure(TransportError(.localIO, "cannot read the request body to sign it (AWS SigV4)"))
            }
            request.headers.set(TransportCredential.contentSHA256Header, digest)
        }
        return .success((request, segments))
    }
}
