import Hummingbird
import NIOCore

/// Generates `/json/large`: a JSON array of varied objects whose serialized size is exactly the size asked for.
///
/// Every record is padded to `recordSize` bytes (a `pad` string member), so the length is known before the
/// first byte is written and the body streams in fixed-size chunks with flat memory. The few bytes that do not
/// fill a whole record become whitespace before the closing bracket, which JSON allows.
enum LargeJSON {
    /// Serialized size of every record.
    static let recordSize = 512

    /// Writes exactly `totalBytes` bytes (at least 2: `[]`) of JSON to `writer`.
    static func write(totalBytes: Int, to writer: inout any ResponseBodyWriter) async throws {
        let layout = Layout(totalBytes: totalBytes)
        var chunk = ByteBuffer()
        chunk.reserveCapacity(64 << 10)
        chunk.writeInteger(UInt8(ascii: "["))
        for index in 0..<layout.records {
            if index > 0 { chunk.writeInteger(UInt8(ascii: ",")) }
            writeRecord(index, into: &chunk)
            if chunk.readableBytes >= 60 << 10 {
                try ServerShutdown.throwIfStopping()
                try await writer.write(chunk)
                chunk = ByteBuffer()
                chunk.reserveCapacity(64 << 10)
            }
        }
        chunk.writeRepeatingByte(UInt8(ascii: " "), count: layout.trailingSpaces)
        chunk.writeInteger(UInt8(ascii: "]"))
        try await writer.write(chunk)
    }

    /// How `totalBytes` splits into records and trailing whitespace.
    struct Layout {
        var records: Int
        var trailingSpaces: Int
        /// The body length this layout produces: `totalBytes`, or 2 when that is less than 2.
        var length: Int { records == 0 ? 2 + trailingSpaces : 1 + records * (recordSize + 1) + trailingSpaces }

        init(totalBytes: Int) {
            // "[" + n records + (n - 1) commas + spaces + "]" = 1 + n * (recordSize + 1) + spaces.
            records = totalBytes > 1 ? (totalBytes - 1) / (recordSize + 1) : 0
            trailingSpaces = records == 0 ? max(0, totalBytes - 2) : totalBytes - 1 - records * (recordSize + 1)
        }
    }

    /// Appends record `index`, exactly `recordSize` bytes, to `buffer`.
    ///
    /// Written as one interpolated string rather than through `JSONValue`: a 100 MB body is 200,000 records, and
    /// this keeps generation far faster than the network even in debug builds. The literal text is valid JSON by
    /// construction (the only escapes are the written-out `\n` and `\"`).
    static func writeRecord(_ index: Int, into buffer: inout ByteBuffer) {
        let id = index + 1
        let owner = index % 97
        let rating = index % 7 == 0 ? "null" : String(Double(index % 50) / 10)
        let parity = index % 2 == 0 ? "even" : "odd"
        let record = """
            {"id":\(id),"name":"item-\(id)","price":\(Double(index % 10_000) * 1.25 + 0.99),\
            "in_stock":\(index % 3 != 0),"rating":\(rating),"tags":["alpha","βeta","\(parity)","🚀"],\
            "owner":{"id":\(owner),"name":"用户 \(owner)","email":"user\(owner)@example.com",\
            "verified":\(index % 5 == 0)},\
            "dimensions":[\(Double(index % 13) + 0.5),\(index % 17),null],\
            "notes":"Line one\\nLine \\"two\\" — café ✓ \(index)",\
            "created":"2024-01-\(10 + index % 18)T08:\(10 + index % 50):00Z","pad":"
            """
        // The record closes with `"}` (2 bytes) after the padding.
        let padLength = recordSize - record.utf8.count - 2
        precondition(padLength >= 0, "record \(index) does not fit in \(recordSize) bytes")
        buffer.writeString(record)
        buffer.writeRepeatingByte(UInt8(ascii: "."), count: padLength)
        buffer.writeStaticString("\"}")
    }
}
