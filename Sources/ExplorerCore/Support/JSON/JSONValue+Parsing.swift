import Foundation

extension JSONValue {
    /// Deepest nesting of arrays and objects that parsing and indexing accept.
    static let maximumDepth = JSONScanner.maximumDepth

    /// Parses a UTF-8 JSON document (RFC 8259; a leading byte order mark is skipped).
    ///
    /// - Throws: `JSONParseError` with the line and column of the first problem, including invalid UTF-8 in
    ///   strings and nesting deeper than `maximumDepth`.
    package static func parse(_ bytes: UnsafeRawBufferPointer) throws(JSONParseError) -> JSONValue {
        var builder = JSONTreeBuilder(bytes: bytes)
        try JSONScanner(bytes: bytes).scan(into: &builder)
        return builder.result
    }

    /// Parses a UTF-8 JSON document held in `Data`.
    public static func parse(_ data: Data) throws(JSONParseError) -> JSONValue {
        try data.withUnsafeBytes { buffer in
            Result { () throws(JSONParseError) in try parse(buffer) }
        }.get()
    }

    /// Parses a UTF-8 JSON document from any collection of bytes; contiguous ones are read in place.
    package static func parse(_ bytes: some Collection<UInt8>) throws(JSONParseError) -> JSONValue {
        let parsed = bytes.withContiguousStorageIfAvailable { buffer in
            Result { () throws(JSONParseError) in try parse(UnsafeRawBufferPointer(buffer)) }
        }
        if let parsed { return try parsed.get() }
        return try Array(bytes).withUnsafeBytes { buffer in
            Result { () throws(JSONParseError) in try parse(buffer) }
        }.get()
    }

    /// Parses a JSON document from a string.
    public static func parse(_ string: String) throws(JSONParseError) -> JSONValue {
        var string = string
        return try string.withUTF8 { buffer in
            Result { () throws(JSONParseError) in try parse(UnsafeRawBufferPointer(buffer)) }
        }.get()
    }
}
