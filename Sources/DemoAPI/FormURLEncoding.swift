/// Parses `application/x-www-form-urlencoded` text: query strings and form bodies.
///
/// Hummingbird's `URI.queryParameters` leaves keys undecoded and `+` alone; the echo route must show exactly
/// what a client meant, so this parser decodes both keys and values, keeps order and repeats, and treats `+` as
/// a space (the form encoding rule). Malformed escapes are kept literally rather than rejected.
enum FormURLEncoding {
    /// The `name=value` pairs of `text`, decoded, in order. A pair without `=` has an empty value.
    static func parse(_ text: Substring) -> [(name: String, value: String)] {
        text.split(separator: "&", omittingEmptySubsequences: true).map { pair in
            if let equals = pair.firstIndex(of: "=") {
                return (name: decode(pair[..<equals]), value: decode(pair[pair.index(after: equals)...]))
            }
            return (name: decode(pair), value: "")
        }
    }

    /// The value of the first pair named `name` in `pairs`.
    static func first(_ name: String, in pairs: [(name: String, value: String)]) -> String? {
        pairs.first { $0.name == name }?.value
    }

    /// Percent-decodes `component`, with `+` as space. Invalid UTF-8 after decoding becomes U+FFFD.
    static func decode(_ component: Substring) -> String {
        let input = Array(component.utf8)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(input.count)
        var index = 0
        while index < input.count {
            let byte = input[index]
            if byte == UInt8(ascii: "+") {
                bytes.append(UInt8(ascii: " "))
            } else if byte == UInt8(ascii: "%"), index + 2 < input.count,
                let high = hexValue(input[index + 1]), let low = hexValue(input[index + 2])
            {
                bytes.append(high << 4 | low)
                index += 2
            } else {
                bytes.append(byte)
            }
            index += 1
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Percent-encodes `text` for use as a query value (unreserved characters stay as they are).
    static func encode(_ text: String) -> String {
        var result = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                UInt8(ascii: "~"):
                result.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                result +=
                    "%" + String(byte >> 4, radix: 16, uppercase: true)
                    + String(byte & 0x0F, radix: 16, uppercase: true)
            }
        }
        return result
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
