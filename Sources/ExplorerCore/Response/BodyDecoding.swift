/// A body that came compressed (`Content-Encoding`) and was decoded on arrival: its size on the wire and decoded.
public struct BodyDecoding: Sendable, Equatable {
    /// The codings as the server named them (`gzip`, `br`, `deflate, gzip`).
    public var encoding: String
    /// The body's bytes as they came over the wire.
    public var wireBytes: Int64
    /// The body's bytes once decoded: what is shown, stored and written.
    public var decodedBytes: Int64

    public init(encoding: String, wireBytes: Int64, decodedBytes: Int64) {
        self.encoding = encoding
        self.wireBytes = wireBytes
        self.decodedBytes = decodedBytes
    }

    /// The body's size in words: `3.1 KB (12 KB decoded)`.
    public var sizeText: String {
        "\(Units.bytes(wireBytes)) (\(Units.bytes(decodedBytes)) decoded)"
    }

    /// The size of a body both front ends show: wire and decoded when it came compressed, else its size.
    public static func sizeText(of body: ResponseBody, decoding: BodyDecoding?) -> String {
        decoding?.sizeText ?? Units.bytes(body.count)
    }
}
