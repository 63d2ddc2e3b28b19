/// Percent-encoding of URL parts and of file names, with the character set each use needs.
///
/// `encode` writes every escape as `%` and two upper-case hex digits of one UTF-8 byte, and escapes `%` itself
/// (except an existing `%XX` in a path, which is kept), so two texts never encode the same. Cache file names keep
/// their own older form (`cacheFileName`), made unambiguous too.
package enum PercentEncoding {
    /// RFC 3986 unreserved characters: the only ones left alone in placeholder values, query items and forms.
    package static let unreserved: Set<UInt8> = Set(
        Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~".utf8))
    /// Characters allowed as written in a path template: unreserved, sub-delims, `:@/` and `?&=#` so a template
    /// may carry its own query.
    static let pathAllowed: Set<UInt8> = unreserved.union(Array("!$&'()*+,;=:@/?#".utf8))
    /// Safe in a file name on any file system apix runs on: letters, digits, `.`, `_` and `-`.
    static let fileNameSafe: Set<UInt8> = Set(
        Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789._-".utf8))

    /// Percent-encodes every UTF-8 byte of `text` outside `allowed`. With `keepingEscapes`, a `%` followed by two
    /// hex digits is taken as an escape already made (a path written as `/a%20b`) and kept.
    package static func encode(_ text: String, allowed: Set<UInt8>, keepingEscapes: Bool = false) -> String {
        var output = ""
        let bytes = Array(text.utf8)
        output.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if allowed.contains(byte) {
                output.unicodeScalars.append(Unicode.Scalar(byte))
            } else if byte == UInt8(ascii: "%"), keepingEscapes, index + 2 < bytes.count,
                isHex(bytes[index + 1]), isHex(bytes[index + 2])
            {
                output += "%"
            } else {
                output += escape(byte)
            }
            index += 1
        }
        return output
    }

    /// A name for a file from any text (a profile, environment or namespace), unambiguous and never `.`, `..` or
    /// containing a `/`.
    package static func fileName(_ text: String) -> String {
        encode(text, allowed: fileNameSafe)
    }

    /// The cache file name of a namespace: `fileNameSafe` characters as they are (a `.` only when the name does not
    /// start with one, so the file is never hidden), other characters U+0010 to U+00FF as `%` and two lower-case
    /// hex digits of the code point, anything else as `%u` and six of them.
    ///
    /// The first two rules are the names caches have always had; the third replaces the unpadded escapes that made
    /// two namespaces share one file (`"\n1"` and `"¡"` were both `%a1`): after `%`, a `u` is never a hex digit.
    static func cacheFileName(_ namespace: String) -> String {
        var output = ""
        for scalar in namespace.unicodeScalars {
            switch scalar {
            case "a"..."z", "A"..."Z", "0"..."9", "-", "_":
                output.unicodeScalars.append(scalar)
            case "." where namespace.first != ".":
                output += "."
            case "\u{10}"..."\u{FF}":
                output += "%" + String(scalar.value, radix: 16)
            default:
                let digits = String(scalar.value, radix: 16)
                output += "%u" + String(repeating: "0", count: 6 - digits.count) + digits
            }
        }
        return output
    }

    private static func escape(_ byte: UInt8) -> String {
        "%" + String(byte >> 4, radix: 16, uppercase: true) + String(byte & 15, radix: 16, uppercase: true)
    }

    private static func isHex(_ byte: UInt8) -> Bool {
        (48...57).contains(byte) || (65...70).contains(byte) || (97...102).contains(byte)
    }
}
