import Foundation
import Testing

@testable import ExplorerCore

@Suite("permessage-deflate (RFC 7692)")
struct PerMessageDeflateTests {
    @Test("§7.2.3.1: the RFC's compressed \"Hello\" inflates")
    func rfcExample() {
        var session = WebSocketSession(maxMessage: 1 << 20, deflate: PerMessageDeflate())
        let events = session.receive([0xC1, 0x07, 0xF2, 0x48, 0xCD, 0xC9, 0xC9, 0x07, 0x00])
        #expect(events == [.message(.text("Hello"))])
    }

    @Test("§7.2.3.1 with context takeover: the second \"Hello\" refers to the first")
    func sharedWindow() {
        var session = WebSocketSession(maxMessage: 1 << 20, deflate: PerMessageDeflate())
        let events = session.receive(
            [0xC1, 0x07, 0xF2, 0x48, 0xCD, 0xC9, 0xC9, 0x07, 0x00] + [0xC1, 0x05, 0xF2, 0x00, 0x11, 0x00, 0x00])
        #expect(events == [.message(.text("Hello")), .message(.text("Hello"))])
    }

    @Test("§6: what apix compresses (RSV1 on the first frame) inflates back to the message")
    func roundTrip() {
        var sender = WebSocketSession(maxMessage: 1 << 20, deflate: PerMessageDeflate())
        let text = String(repeating: "compress me ", count: 500)
        sender.send(.text(text))
        let frames = WebSocketWire.clientFrames(sender.takeOutbound()).frames
        #expect(frames.count == 1)
        #expect(frames[0].2)
        #expect(frames[0].3.count < text.utf8.count / 10)
        var receiver = WebSocketSession(maxMessage: 1 << 20, deflate: PerMessageDeflate())
        let events = receiver.receive(WebSocketWire.frame(0x1, frames[0].3, rsv: 0b100))
        #expect(events == [.message(.text(text))])
    }

    @Test("A deflate bomb (64 KiB that inflate to 64 MiB) closes with 1009 once past max_message")
    func deflateBomb() {
        let codec = DeflateCodec(PerMessageDeflate())
        let bomb = codec.deflate([UInt8](repeating: 0, count: 64 << 20))
        #expect(bomb.count < 128 * 1024)
        var session = WebSocketSession(maxMessage: 1 << 20, deflate: PerMessageDeflate())
        let events = session.receive(WebSocketWire.frame(0x2, bomb, rsv: 0b100))
        guard case .closed(let close)? = events.last else { return #expect(Bool(false)) }
        #expect(close.code == 1009)
        #expect(session.bufferedCount == 0)
    }

    @Test("§7.1: the answer's parameters are read; others, repeats and other extensions fail the handshake")
    func negotiation() throws {
        let plain = try PerMessageDeflate.accept("permessage-deflate").get()
        #expect(plain == PerMessageDeflate())
        let full = try PerMessageDeflate.accept(
            "permessage-deflate; server_no_context_takeover; client_no_context_takeover; server_max_window_bits=10; client_max_window_bits=\"12\""
        ).get()
        #expect(full?.serverNoContextTakeover == true)
        #expect(full?.clientNoContextTakeover == true)
        #expect(full?.serverMaxWindowBits == 10)
        #expect(full?.clientMaxWindowBits == 12)
        #expect(try PerMessageDeflate.accept(nil).get() == nil)
        for refused in [
            "x-webkit-deflate-frame", "permessage-deflate; foo", "permessage-deflate; server_max_window_bits=16",
            "permessage-deflate; server_no_context_takeover; server_no_context_takeover",
            "permessage-deflate, permessage-deflate",
        ] {
            #expect(throws: WebSocketHandshake.Failure.self, "\(refused)") {
                try PerMessageDeflate.accept(refused).get()
            }
        }
    }
}
