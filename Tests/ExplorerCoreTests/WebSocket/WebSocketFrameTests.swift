import Foundation
import Testing

@testable import ExplorerCore

@Suite("WebSocket frames (RFC 6455 §5)")
struct WebSocketFrameTests {
    @Test("SHA-1 of the FIPS 180 sample and Sec-WebSocket-Accept of RFC 6455 §1.3's example key")
    func acceptKey() {
        let digest = SHA1.digest(Array("abc".utf8)).map { String(format: "%02x", $0) }.joined()
        #expect(digest == "a9993e364706816aba3e25717850c26c9cd0d89d")
        let long = SHA1.digest(Array(String(repeating: "a", count: 1000).utf8)).map { String(format: "%02x", $0) }
        #expect(long.joined() == "291e9a6c66994949b57ba5e650361e98fc36b1ba")
        #expect(WebSocketHandshake.accept(for: "dGhlIHNhbXBsZSBub25jZQ==") == "s3pPLMBiTxaQ9kYGzzhZRbK+xOo=")
    }

    @Test("§5.3: every client frame is masked, with a fresh key each time, and unmasks to its payload")
    func masking() {
        let encoder = WebSocketFrameEncoder()
        let frame = WebSocketFrame(opcode: .text, payload: Array("Hello".utf8))
        let first = encoder.encode(frame)
        let keys = Set((0..<8).map { _ in Array(encoder.encode(frame)[2..<6]) })
        #expect(keys.count > 1)
        let decoded = WebSocketWire.clientFrames(first)
        #expect(decoded.allMasked)
        #expect(decoded.frames.first?.3 == Array("Hello".utf8))
        #expect(first[0] == 0x81)
    }

    @Test("§5.2: 7-bit, 16-bit and 64-bit lengths in their shortest form")
    func lengths() {
        let encoder = WebSocketFrameEncoder(maskKey: { [0, 0, 0, 0] })
        #expect(
            encoder.encode(WebSocketFrame(opcode: .binary, payload: .init(repeating: 1, count: 125)))[1] == 0x80 | 125)
        let medium = encoder.encode(WebSocketFrame(opcode: .binary, payload: .init(repeating: 1, count: 126)))
        #expect(Array(medium[1..<4]) == [0x80 | 126, 0, 126])
        let large = encoder.encode(WebSocketFrame(opcode: .binary, payload: .init(repeating: 1, count: 65_536)))
        #expect(Array(large[1..<10]) == [0x80 | 127, 0, 0, 0, 0, 0, 1, 0, 0])
        #expect(large.count == 14 + 65_536)
    }

    @Test("A frame fed one byte at a time decodes as when fed whole")
    func byteByByte() throws {
        var decoder = WebSocketFrameDecoder(maxPayload: 1 << 20, allowsCompression: false)
        let bytes = WebSocketWire.frame(0x2, Array(repeating: 7, count: 300)) + WebSocketWire.text("hi")
        var frames: [WebSocketFrame] = []
        for byte in bytes {
            decoder.feed([byte])
            while let frame = try decoder.next() { frames.append(frame) }
        }
        #expect(frames.count == 2)
        #expect(frames[0].payload.count == 300)
        #expect(frames[1] == WebSocketFrame(opcode: .text, payload: Array("hi".utf8)))
    }

    /// The violation the decoder reports for `bytes`, or nil.
    func violation(_ bytes: [UInt8], max: Int = 1 << 20, compression: Bool = false) -> WebSocketViolation? {
        var decoder = WebSocketFrameDecoder(maxPayload: max, allowsCompression: compression)
        decoder.feed(bytes)
        do {
            while try decoder.next() != nil {}
            return nil
        } catch {
            return error
        }
    }

    @Test("§5.1: a masked server frame is a protocol error (1002)")
    func maskedServerFrame() {
        #expect(violation(WebSocketWire.frame(0x1, Array("x".utf8), masked: true))?.code == 1002)
    }

    @Test("§5.2: RSV2/RSV3 always, RSV1 without permessage-deflate, are protocol errors (1002)")
    func reservedBits() {
        #expect(violation(WebSocketWire.frame(0x1, [], rsv: 0b010))?.code == 1002)
        #expect(violation(WebSocketWire.frame(0x1, [], rsv: 0b001))?.code == 1002)
        #expect(violation(WebSocketWire.frame(0x1, [], rsv: 0b100))?.code == 1002)
        #expect(violation(WebSocketWire.frame(0x1, [], rsv: 0b100), compression: true) == nil)
    }

    @Test("§5.2: reserved opcodes 0x3–0x7 and 0xB–0xF are protocol errors (1002)")
    func reservedOpcodes() {
        for opcode: UInt8 in [0x3, 0x7, 0xB, 0xF] {
            #expect(violation(WebSocketWire.frame(opcode, []))?.code == 1002)
        }
    }

    @Test("§5.5: control frames over 125 bytes or fragmented are protocol errors (1002)")
    func controlFrames() {
        #expect(violation(WebSocketWire.frame(0x9, Array(repeating: 0, count: 126)))?.code == 1002)
        #expect(violation(WebSocketWire.frame(0x9, [], fin: false))?.code == 1002)
        #expect(violation(WebSocketWire.frame(0x8, [0x03, 0xE8], rsv: 0b100), compression: true)?.code == 1002)
        #expect(violation(WebSocketWire.frame(0x9, Array(repeating: 0, count: 125))) == nil)
    }

    @Test("§5.2: a 64-bit length with its top bit set is a protocol error (1002), before any payload")
    func topBitLength() {
        let header = Array(WebSocketWire.frame(0x2, [], length: 1 << 63).prefix(10))
        #expect(violation(header)?.code == 1002)
    }

    @Test("§10.4: a frame announcing more than max_message is refused (1009) from its header alone")
    func oversizedFrame() {
        let header = Array(WebSocketWire.frame(0x2, [], length: 1 << 40).prefix(10))
        let found = violation(header, max: 1 << 20)
        #expect(found?.code == 1009)
        #expect(found?.reason.contains("max_message") == true)
    }
}
