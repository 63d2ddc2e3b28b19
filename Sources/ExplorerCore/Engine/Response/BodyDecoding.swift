/// A body that came compressed (`Content-Encoding`) and was decoded on arrival: its size on the wire and decoded.
package struct BodyDecoding: Sendable, Equatable {
    /// The codings as the server named them (`gzip`, `br`, `deflate, gzip`).
    package var encoding: String
    /// The body's bytes as they came over the wire.
    package var wireBytes: Int64
    /// The body's bytes once decoded: what is shown, stored and written.
    package var decodedBytes: Int64

    package init(encoding: String, wireBytes: Int64, decodedBytes: Int64) {
        self.encoding = encoding
        self.wireBytes = wireBytes
        self.decodedBytes = decodedBytes
    }

    /// The body's size in words: `3.1 KB (12 KB decoded)`.
    package var sizeText: String {
        "\(Units.bytes(wireBytes)) (\(Units.bytes(decodedBytes)) decoded)"
    }

    /// The size of a body both front ends show: wire and decoded when it came compressed, else its size.
    package static func sizeText(of body: ResponseBody, decoding: BodyDecoding?) -> String {
        decoding?.sizeText ?? Units.bytes(body.count)
    }
}
