// libFuzzer target: bytes from a WebSocket server fed to a session (`WebSocketSession.receive`, so the frame
// decoder, fragment assembly, UTF-8 checks, close handling and permessage-deflate) in chunks of the sizes the first
// bytes choose. Traps when a message passes max_message, the session buffers past what it may, an event follows the
// end, or a close reason would reach a terminal unsafe.
import Foundation

@testable import ExplorerCore

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzWebSocketFrames(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size >= 2 else { return 0 }
    let bytes = UnsafeBufferPointer(start: data, count: size)
    let maxMessage = 1024
    let chunk = Int(bytes[1]) + 1
    var session = WebSocketSession(maxMessage: maxMessage, deflate: bytes[0] & 1 == 1 ? PerMessageDeflate() : nil)
    var ended = false
    var position = 2
    while position < size {
        let end = min(position + chunk, size)
        for event in session.receive(bytes[position..<end]) {
            if ended { fatalError("an event after the session ended: \(event)") }
            switch event {
            case .message(let message):
                if message.byteCount > maxMessage {
                    fatalError("a message of \(message.byteCount) bytes passed max_message")
                }
            case .ping(let payload), .pong(let payload):
                if payload.count > 125 { fatalError("a control frame of \(payload.count) bytes") }
            case .closed(let close):
                SafeTextCheck.require(SafeText.escape(close.reason))
                ended = true
            }
        }
        if session.state != .closed, session.bufferedCount > 2 * maxMessage + 14 {
            fatalError("\(session.bufferedCount) bytes buffered")
        }
        _ = session.takeOutbound()
        position = end
    }
    if let event = session.connectionEnded(reason: "fuzz"), case .closed(let close) = event {
        SafeTextCheck.require(SafeText.escape(close.reason))
    }
    return 0
}
