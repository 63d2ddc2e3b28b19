import CCurl
import Foundation
import Synchronization

/// One libcurl multi handle driven by one thread: connections are pooled and every transfer runs on it.
///
/// Other threads only queue work (add, cancel) under a lock and wake the loop with `curl_multi_wakeup`, which
/// libcurl documents as thread-safe.
final class CurlMulti: Sendable {
    private struct Queue {
        var adds: [CurlTransfer] = []
        var cancels: [CurlTransfer] = []
    }

    private let handle: MultiHandle
    private let queue = Mutex(Queue())

    init() {
        _ = CurlMulti.globalInit
        handle = MultiHandle()
        let thread = Thread { [self] in run() }
        thread.name = "apix-curl"
        thread.start()
    }

    /// libcurl's process-wide setup, done once before the first handle.
    private static let globalInit: CURLcode = apix_global_init_all()

    func add(_ transfer: CurlTransfer) {
        queue.withLock { $0.adds.append(transfer) }
        curl_multi_wakeup(handle.pointer)
    }

    func cancel(_ transfer: CurlTransfer) {
        transfer.cancelRequested.withLock { $0 = true }
        queue.withLock { $0.cancels.append(transfer) }
        curl_multi_wakeup(handle.pointer)
    }

    // MARK: - Loop thread

    private func run() {
        var active: [UnsafeMutableRawPointer: CurlTransfer] = [:]
        var running: Int32 = 0
        while true {
            let work = queue.withLock { pending -> Queue in
                defer { pending = Queue() }
                return pending
            }
            for transfer in work.adds {
                if transfer.cancelRequested.withLock({ $0 }) {
                    transfer.complete(code: CURLE_OK, cancelled: true)
                    continue
                }
                transfer.markStarted()
                curl_multi_add_handle(handle.pointer, transfer.easy)
                active[transfer.easy] = transfer
            }
            for transfer in work.cancels where active.removeValue(forKey: transfer.easy) != nil {
                curl_multi_remove_handle(handle.pointer, transfer.easy)
                transfer.complete(code: CURLE_OK, cancelled: true)
            }

            curl_multi_perform(handle.pointer, &running)
            var remaining: Int32 = 0
            while let message = curl_multi_info_read(handle.pointer, &remaining) {
                guard message.pointee.msg == CURLMSG_DONE, let easy = message.pointee.easy_handle else { continue }
                // Copy the result before remove_handle invalidates the message.
                let code = apix_msg_result(message)
                curl_multi_remove_handle(handle.pointer, easy)
                if let transfer = active.removeValue(forKey: easy) {
                    transfer.complete(code: code, cancelled: transfer.cancelRequested.withLock { $0 })
                }
            }
            // Sleeps until socket activity, libcurl's next timeout, or a wakeup from add/cancel.
            curl_multi_poll(handle.pointer, nil, 0, active.isEmpty ? 60_000 : 1_000, nil)
        }
    }
}

/// The `CURLM*`.
///
/// `@unchecked Sendable`: only the loop thread uses it, except `curl_multi_wakeup`, which libcurl documents as
/// safe to call from any thread.
private final class MultiHandle: @unchecked Sendable {
    let pointer: UnsafeMutableRawPointer

    init() {
        guard let multi = curl_multi_init() else { fatalError("curl_multi_init failed: out of memory") }
        pointer = multi
    }
}
