import Foundation
import Synchronization

/// The real transport: libcurl's multi interface on one thread, with streamed bodies, progress, phase timings.
public final class CurlTransport: Transport {
    /// One per process is enough, and shares the connection pool.
    public static let shared = CurlTransport()

    private let loop = Mutex<CurlMulti?>(nil)
    private let nextID = Atomic<Int>(0)

    /// The libcurl loop, started by the first exchange: making a client loads no library and starts no thread, so
    /// a front end that may never send (the TUI before its first request) starts without paying for libcurl.
    private var multi: CurlMulti {
        loop.withLock { loop in
            if let multi = loop { return multi }
            let multi = CurlMulti()
            loop = multi
            return multi
        }
    }

    public init() {}

    public func exchange(
        _ request: PreparedRequest, progress: @escaping @Sendable (TransferProgress) -> Void
    ) async -> Result<Response, TransportError> {
        await exchange(request, events: nil, progress: progress)
    }

    public func exchange(
        _ request: PreparedRequest, events: EventStream?, progress: @escaping @Sendable (TransferProgress) -> Void
    ) async -> Result<Response, TransportError> {
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
            // The signature covers the body: say which one (AWS checks it against what arrives).
            guard let digest = UploadSource.sha256Hex(of: segments) else {
                return .failure(TransportError(.localIO, "cannot read the request body to sign it (AWS SigV4)"))
            }
            request.headers.set(TransportCredential.contentSHA256Header, digest)
        }
        if Task.isCancelled { return .failure(TransportError(.cancelled, "cancelled")) }
        let id = nextID.add(1, ordering: .relaxed).newValue
        guard
            let transfer = CurlTransfer(
                id: id, request: request, segments: segments, events: events, onProgress: progress)
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
}
