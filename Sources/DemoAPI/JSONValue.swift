import Foundation
import NIOCore

/// A JSON document built in code.
///
/// Objects keep their keys in the order written, so demo responses read naturally (`id` first) and tests can
/// compare serialized output. Decoding (for request bodies) goes through `Decodable`, where key order is lost.
enum JSONValue: Sendable {
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    case array([JSONValue])
    case object([(key: String, value: JSONValue)])

    /// The value for `key` when this is an object (the first one if a key repeats).
    subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.key == key }?.value
    }

    /// The string payload, if this is a string.
    var stringValue: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    // MARK: - Serialization

    /// The compact UTF-8 serialization.
    var bytes: ByteBuffer {
        var buffer = ByteBuffer()
        write(into: &buffer)
        return buffer
    }

    /// Appends the compact serialization to `buffer`.
    func write(into buffer: inout ByteBuffer) {
        switch self {
        case .null:
            buffer.writeStaticString("null")
        case .bool(let value):
            if value { buffer.writeStaticString("true") } else { buffer.writeStaticString("false") }
        case .int(let value):
            buffer.writeString(String(value))
        case .double(let value):
            // JSON has no NaN or infinity; null is the usual stand-in.
            if value.isFinite { buffer.writeString(String(value)) } else { buffer.writeStaticString("null") }
        case .string(let value):
            Self.writeString(value, into: &buffer)
        case .array(let elements):
            buffer.writeInteger(UInt8(ascii: "["))
            for (index, element) in elements.enumerated() {
                if index > 0 { buffer.writeInteger(UInt8(ascii: ",")) }
                element.write(into: &buffer)
            }
            buffer.writeInteger(UInt8(ascii: "]"))
        case .object(let members):
            buffer.writeInteger(UInt8(ascii: "{"))
            for (index, member) in members.enumerated() {
                if index > 0 { buffer.writeInteger(UInt8(ascii: ",")) }
                Self.writeString(member.key, into: &buffer)
                buffer.writeInteger(UInt8(ascii: ":"))
                member.value.write(into: &buffer)
            }
            buffer.writeInteger(UInt8(ascii: "}"))
        }
    }

    /// Writes `string` as a JSON string literal: quotes, backslashes and control characters escaped, everything
    /// else as raw UTF-8.
    static func writeString(_ string: String, into buffer: inout ByteBuffer) {
        buffer.writeInteger(UInt8(ascii: "\""))
        var string = string
        string.withUTF8 { bytes in
            // Copy runs of plain bytes in one write; only the rare bytes that need escaping go one by one.
            var runStart = 0
            for (index, byte) in bytes.enumerated() where byte < 0x20 || byte == 0x7F || byte == 0x22 || byte == 0x5C {
                buffer.writeBytes(UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: bytes[runStart..<index])))
                writeEscape(byte, into: &buffer)
                runStart = index + 1
            }
            buffer.writeBytes(UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: bytes[runStart...])))
        }
        buffer.writeInteger(UInt8(ascii: "\""))
    }

    private static func writeEscape(_ byte: UInt8, into buffer: inout ByteBuffer) {
        switch byte {
        case UInt8(ascii: "\""): buffer.writeStaticString("\\\"")
        case UInt8(ascii: "\\"): buffer.writeStaticString("\\\\")
        case 0x0A: buffer.writeStaticString("\\n")
        case 0x0D: buffer.writeStaticString("\\r")
        case 0x09: buffer.writeStaticString("\\t")
        case 0x08: buffer.writeStaticString("\\b")
        case 0x0C: buffer.writeStaticString("\\f")
        default:
            buffer.writeStaticString("\\u00")
            buffer.writeInteger(hexDigit(byte >> 4))
            buffer.writeInteger(hexDigit(byte & 0x0F))
        }
    }

    private static func hexDigit(_ nibble: UInt8) -> UInt8 {
        nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "a") + nibble - 10
    }
}

// MARK: - Literals

extension JSONValue: ExpressibleByNilLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByFloatLiteral, ExpressibleByStringLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral
{
    init(nilLiteral: ()) { self = .null }
    init(booleanLiteral value: Bool) { self = .bool(value) }
    init(integerLiteral value: Int) { self = .int(value) }
    init(floatLiteral value: Double) { self = .double(value) }
    init(stringLiteral value: String) { self = .string(value) }
    init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
    init(dictionaryLiteral elements: (String, JSONValue)...) {
        self = .object(elements.map { (key: $0.0, value: $0.1) })
    }
}

extension JSONValue {
    /// `.string(value)` or `.null` when absent.
    static func string(orNull value: String?) -> JSONValue {
        value.map { .string($0) } ?? .null
    }
}

// MARK: - Decoding

extension JSONValue {
    /// Parses a JSON document.
    static func parse(_ buffer: ByteBuffer) throws -> JSONValue {
        try JSONDecoder().decode(JSONValue.self, from: Data(buffer.readableBytesView))
    }
}

extension JSONValue: Decodable {
    private struct AnyKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    init(from decoder: any Decoder) throws {
        if let container = try? decoder.container(keyedBy: AnyKey.self) {
            self = .object(
                try container.allKeys.map { key in
                    (key: key.stringValue, value: try container.decode(JSONValue.self, forKey: key))
                }
            )
            return
        }
        if var container = try? decoder.unkeyedContainer() {
            var elements: [JSONValue] = []
            while !container.isAtEnd {
                elements.append(try container.decode(JSONValue.self))
            }
            self = .array(elements)
            return
        }
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Int.self) {
            self = .int(value)
        } else if let value = try? container.decode(Double.self) {
            self = .double(value)
        } else {
            self = .string(try container.decode(String.self))
        }
    }
}
