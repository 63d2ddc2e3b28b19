import Foundation

/// The formats apix checks when `format` is an assertion (`format_assertion: true`); any other format stays an
/// annotation.
enum SchemaFormat: String, Sendable {
    case dateTime = "date-time"
    case date
    case email
    case uuid
    case uri
    case ipv4
    case ipv6

    /// What the format is, in words for a message: `expected a date-time (RFC 3339), got "…"`.
    var described: String {
        switch self {
        case .dateTime: "a date-time (RFC 3339)"
        case .date: "a date (RFC 3339 full-date)"
        case .email: "an email address"
        case .uuid: "a UUID"
        case .uri: "an absolute URI"
        case .ipv4: "an IPv4 address"
        case .ipv6: "an IPv6 address"
        }
    }

    /// Whether `text` is of this format.
    func accepts(_ text: String) -> Bool {
        switch self {
        case .uri: return Self.isURI(text)
        case .ipv4: return Self.isIPv4(Substring(text))
        case .ipv6: return Self.isIPv6(text)
        case .date, .dateTime, .email, .uuid:
            // The bytes in place (a native string's are contiguous): copying them out cost an allocation per value.
            let judged =
                text.utf8.withContiguousStorageIfAvailable { acceptsBytes($0) }
                ?? Array(text.utf8).withUnsafeBufferPointer { acceptsBytes($0) }
            return judged ?? Self.isEmail(text)
        }
    }

    /// The byte-level formats; nil for an address that is not all ASCII, which the Character rules judge.
    private func acceptsBytes(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool? {
        switch self {
        case .date: return Self.isDate(bytes[...])
        case .dateTime: return Self.isDateTime(bytes)
        case .uuid: return Self.isUUID(bytes)
        default: return bytes.allSatisfy { $0 < 0x80 } ? Self.isASCIIEmail(bytes) : nil
        }
    }

    private static func digits<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> Int? {
        guard !bytes.isEmpty, bytes.allSatisfy({ $0 >= 48 && $0 <= 57 }) else { return nil }
        return bytes.reduce(0) { $0 * 10 + Int($1 - 48) }
    }

    private static func isDate(_ bytes: Slice<UnsafeBufferPointer<UInt8>>) -> Bool {
        guard bytes.count == 10 else { return false }
        let start = bytes.startIndex
        guard bytes[start + 4] == UInt8(ascii: "-"), bytes[start + 7] == UInt8(ascii: "-"),
            let year = digits(bytes[start..<start + 4]), let month = digits(bytes[start + 5..<start + 7]),
            let day = digits(bytes[start + 8..<start + 10]), (1...12).contains(month), day >= 1
        else { return false }
        let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        switch month {
        case 2: return day <= (leap ? 29 : 28)
        case 4, 6, 9, 11: return day <= 30
        default: return day <= 31
        }
    }

    private static func isDateTime(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard bytes.count >= 20, isDate(bytes[0..<10]), bytes[10] == UInt8(ascii: "T") || bytes[10] == UInt8(ascii: "t")
        else { return false }
        var rest = bytes[11...]
        guard rest.count >= 8, let hour = digits(rest.prefix(2)), rest[rest.startIndex + 2] == UInt8(ascii: ":"),
            let minute = digits(rest.dropFirst(3).prefix(2)), rest[rest.startIndex + 5] == UInt8(ascii: ":"),
            let second = digits(rest.dropFirst(6).prefix(2)), hour < 24, minute < 60, second <= 60
        else { return false }
        rest = rest.dropFirst(8)
        if rest.first == UInt8(ascii: ".") {
            rest = rest.dropFirst()
            let fraction = rest.prefix { $0 >= 48 && $0 <= 57 }
            guard !fraction.isEmpty else { return false }
            rest = rest.dropFirst(fraction.count)
        }
        var offsetMinutes = 0
        if rest.count == 1, rest.first == UInt8(ascii: "Z") || rest.first == UInt8(ascii: "z") {
            offsetMinutes = 0
        } else if rest.count == 6, rest.first == UInt8(ascii: "+") || rest.first == UInt8(ascii: "-"),
            let offsetHour = digits(rest.dropFirst().prefix(2)), rest[rest.startIndex + 3] == UInt8(ascii: ":"),
            let offsetMinute = digits(rest.suffix(2)), offsetHour < 24, offsetMinute < 60
        {
            offsetMinutes = (offsetHour * 60 + offsetMinute) * (rest.first == UInt8(ascii: "+") ? 1 : -1)
        } else {
            return false
        }
        if second == 60 {
            // A leap second is 23:59:60 in UTC.
            let utc = ((hour * 60 + minute - offsetMinutes) % 1440 + 1440) % 1440
            return utc == 23 * 60 + 59
        }
        return true
    }

    /// `isEmail` over bytes, for the common all-ASCII address: the same rules without grapheme breaking, which took
    /// most of a large answer's validation (36,000 addresses in issue 32's benchmark).
    static func isASCIIEmail(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer { isASCIIEmail($0) }
    }

    static func isASCIIEmail(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let at = bytes.lastIndex(of: UInt8(ascii: "@")) else { return false }
        let local = bytes[..<at]
        let domain = bytes[(at + 1)...]
        let dot = UInt8(ascii: ".")
        guard !local.isEmpty, local.count <= 64, !domain.isEmpty, local.first != dot, local.last != dot else {
            return false
        }
        var previous: UInt8 = 0
        for byte in local {
            // Character.isWhitespace in ASCII: tab, line feed, vertical tab, form feed, carriage return, space.
            if byte == UInt8(ascii: "@") || byte == 0x20 || (0x09...0x0D).contains(byte) { return false }
            if byte == dot && previous == dot { return false }
            previous = byte
        }
        if domain.first == UInt8(ascii: "["), domain.last == UInt8(ascii: "]") {
            return isEmail(String(decoding: bytes, as: UTF8.self))
        }
        // The labels between dots, empty ones included, walked in place (splitting allocated an array per address).
        var start = domain.startIndex
        for index in domain.startIndex...domain.endIndex where index == domain.endIndex || domain[index] == dot {
            guard isLabel(domain[start..<index]) else { return false }
            start = index + 1
        }
        return true
    }

    private static func isLabel(_ label: Slice<UnsafeBufferPointer<UInt8>>) -> Bool {
        !label.isEmpty && label.count <= 63 && label.first != UInt8(ascii: "-") && label.last != UInt8(ascii: "-")
            && label.allSatisfy { byte in
                (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
                    || byte == UInt8(ascii: "-")
            }
    }

    static func isEmail(_ text: String) -> Bool {
        guard let at = text.lastIndex(of: "@") else { return false }
        let local = text[..<at]
        let domain = text[text.index(after: at)...]
        guard !local.isEmpty, local.count <= 64, !domain.isEmpty, !local.hasPrefix("."), !local.hasSuffix("."),
            !local.contains(".."), !local.contains(where: { $0.isWhitespace || $0 == "@" })
        else { return false }
        if domain.hasPrefix("[") && domain.hasSuffix("]") {
            let inner = domain.dropFirst().dropLast()
            return inner.hasPrefix("IPv6:") ? isIPv6(String(inner.dropFirst(5))) : isIPv4(inner)
        }
        let labels = domain.split(separator: ".", omittingEmptySubsequences: false)
        return labels.allSatisfy { label in
            !label.isEmpty && label.count <= 63 && !label.hasPrefix("-") && !label.hasSuffix("-")
                && label.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" }
        }
    }

    private static func isUUID(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard bytes.count == 36 else { return false }
        for (index, byte) in bytes.enumerated() {
            if index == 8 || index == 13 || index == 18 || index == 23 {
                guard byte == UInt8(ascii: "-") else { return false }
            } else if !((0x30...0x39).contains(byte) || (0x41...0x46).contains(byte) || (0x61...0x66).contains(byte)) {
                // Character.isHexDigit of the byte as a scalar: no byte past ASCII is one.
                return false
            }
        }
        return true
    }

    private static func isURI(_ text: String) -> Bool {
        guard let colon = text.firstIndex(of: ":"), let first = text.first, first.isASCII, first.isLetter else {
            return false
        }
        let scheme = text[..<colon]
        guard scheme.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) }) else {
            return false
        }
        let allowed = CharacterSet.urlFragmentAllowed.union(.urlPathAllowed).union(.urlQueryAllowed)
            .union(CharacterSet(charactersIn: "%#[]"))
        guard text.unicodeScalars.allSatisfy({ allowed.contains($0) }) else { return false }
        let rest = text[text.index(after: colon)...]
        if rest.hasPrefix("//") {
            let authority = rest.dropFirst(2).prefix { $0 != "/" && $0 != "?" && $0 != "#" }
            let host = authority.split(separator: "@").last ?? ""
            if host.hasPrefix("[") { return true }
            let port = host.split(separator: ":", omittingEmptySubsequences: false).dropFirst()
            return port.count <= 1 && port.allSatisfy { $0.allSatisfy(\.isNumber) }
        }
        return true
    }

    private static func isIPv4(_ text: Substring) -> Bool {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4
            && parts.allSatisfy { part in
                // The length first: twenty digits overflowed `digits` (a crash on a hostile answer).
                guard part.utf8.count <= 3, let value = digits(ArraySlice(part.utf8)), value <= 255 else {
                    return false
                }
                return part.count == 1 || !part.hasPrefix("0")
            }
    }

    private static func isIPv6(_ text: String) -> Bool {
        guard !text.isEmpty, text.count <= 45, !text.contains(":::"),
            text.allSatisfy({ $0.isHexDigit || $0 == ":" || $0 == "." })
        else {
            return false
        }
        var groups = text.components(separatedBy: ":")
        var limit = 8
        if let last = groups.last, last.contains(".") {
            guard isIPv4(Substring(last)) else { return false }
            groups.removeLast()
            limit = 6
            groups.append("0")
            limit += 1
        }
        let compressions = text.components(separatedBy: "::").count - 1
        guard compressions <= 1 else { return false }
        let filled = groups.filter { !$0.isEmpty }
        guard filled.allSatisfy({ $0.count <= 4 }) else { return false }
        if compressions == 1 {
            if text.hasPrefix(":") && !text.hasPrefix("::") { return false }
            if text.hasSuffix(":") && !text.hasSuffix("::") { return false }
            return filled.count < limit
        }
        return groups.count == limit && groups.allSatisfy { !$0.isEmpty }
    }
}
