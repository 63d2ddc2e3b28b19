import Yams

/// The tag YAML 1.1 implies for a plain scalar — bool, int, float, merge, null, timestamp, value, else str — decided
/// exactly as Yams' default `Resolver` does, without its regular expressions.
///
/// Yams resolves every plain scalar (and every mapping key, to check duplicates) by running up to seven
/// `NSRegularExpression`s over it; compiling them pulls in ICU and costs milliseconds at start-up, and matching them
/// was over half of the time to load a profile of 2,000 endpoints. Profiles are therefore composed with
/// `Resolver.basic` and `YAMLReader.tag(of:)` asks this instead. `YAMLImplicitTagTests` checks it against the
/// regular expressions on a table of edge cases and on random strings.
enum YAMLImplicitTag {
    /// The tag of a plain scalar whose text is `text`.
    static func resolve(_ text: String) -> Tag.Name {
        var text = text
        return text.withUTF8 { bytes in
            // Most scalars are words, paths or sentences: no rule can match what starts like them.
            if let first = bytes.first, !mayStartTag(first) { return .str }
            // `$` in the resolver's patterns also matches before a line terminator that ends the input.
            let trimmed = bytes.count - finalLineTerminatorLength(bytes)
            for rule in Rule.allCases {
                if rule.matches(bytes[...]) || (trimmed < bytes.count && rule.matches(bytes[..<trimmed])) {
                    return rule.tag
                }
            }
            return .str
        }
    }

    /// Yams' rules, in its order: the first that matches wins.
    private enum Rule: CaseIterable {
        case bool, int, float, merge, null, timestamp, value

        var tag: Tag.Name {
            switch self {
            case .bool: .bool
            case .int: .int
            case .float: .float
            case .merge: .merge
            case .null: .null
            case .timestamp: .timestamp
            case .value: .value
            }
        }

        func matches(_ bytes: Slice<UnsafeBufferPointer<UInt8>>) -> Bool {
            switch self {
            case .bool: YAMLImplicitTag.isBool(bytes)
            case .int: YAMLImplicitTag.isInt(bytes)
            case .float: YAMLImplicitTag.isFloat(bytes)
            case .merge: bytes.elementsEqual("<<".utf8)
            case .null: YAMLImplicitTag.isNull(bytes)
            case .timestamp: YAMLImplicitTag.isTimestamp(bytes)
            case .value: bytes.elementsEqual("=".utf8)
            }
        }
    }

    /// Whether a scalar starting with `byte` can match any rule: a digit, sign or point (numbers, timestamps), the
    /// first letter of a bool word or of null, `~`, `<`, `=`, or a line terminator (which may be all there is).
    private static func mayStartTag(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."),
            UInt8(ascii: "y"), UInt8(ascii: "Y"), UInt8(ascii: "n"), UInt8(ascii: "N"), UInt8(ascii: "t"),
            UInt8(ascii: "T"), UInt8(ascii: "f"), UInt8(ascii: "F"), UInt8(ascii: "o"), UInt8(ascii: "O"),
            UInt8(ascii: "~"), UInt8(ascii: "<"), UInt8(ascii: "="), 0x0A...0x0D, 0xC2, 0xE2:
            true
        default:
            false
        }
    }

    /// Bytes of the line terminator (ICU's: \n, \v, \f, \r, \r\n, U+0085, U+2028, U+2029) that ends `bytes`, or 0.
    private static func finalLineTerminatorLength(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        let count = bytes.count
        guard let last = bytes.last else { return 0 }
        if last == 0x0A { return count >= 2 && bytes[count - 2] == 0x0D ? 2 : 1 }
        if (0x0B...0x0D).contains(last) { return 1 }
        if count >= 2, bytes[count - 2] == 0xC2, last == 0x85 { return 2 }
        if count >= 3, bytes[count - 3] == 0xE2, bytes[count - 2] == 0x80, last == 0xA8 || last == 0xA9 { return 3 }
        return 0
    }

    // MARK: - Rules

    private static let boolWords: Set<String> = [
        "yes", "Yes", "YES", "no", "No", "NO", "true", "True", "TRUE", "false", "False", "FALSE", "on", "On", "ON",
        "off", "Off", "OFF",
    ]

    private static func isBool(_ bytes: Slice<UnsafeBufferPointer<UInt8>>) -> Bool {
        bytes.count >= 2 && bytes.count <= 5 && boolWords.contains(String(decoding: bytes, as: UTF8.self))
    }

    private static func isNull(_ bytes: Slice<UnsafeBufferPointer<UInt8>>) -> Bool {
        bytes.isEmpty || bytes.elementsEqual("~".utf8) || bytes.elementsEqual("null".utf8)
            || bytes.elementsEqual("Null".utf8) || bytes.elementsEqual("NULL".utf8)
    }

    /// `[-+]?0b[0-1_]+ | [-+]?0o?[0-7_]+ | [-+]?(0|[1-9][0-9_]*) | [-+]?0x[0-9a-fA-F_]+ | [-+]?[1-9][0-9_]*(:[0-5]?[0-9])+`
    private static func isInt(_ bytes: Slice<UnsafeBufferPointer<UInt8>>) -> Bool {
        var scanner = Scanner(bytes)
        scanner.skipSign()
        let start = scanner.position
        if scanner.take("0") {
            if scanner.atEnd { return true }
            let accepts: (UInt8) -> Bool
            if scanner.take("b") {
                accepts = { $0 == 0x30 || $0 == 0x31 || $0 == 0x5F }
            } else if scanner.take("x") {
                accepts = { isHexDigit($0) || $0 == 0x5F }
            } else {
                _ = scanner.take("o")
                accepts = { (0x30...0x37).contains($0) || $0 == 0x5F }
            }
            return scanner.takeAll(atLeastOne: true, accepts) && scanner.atEnd
        }
        scanner.position = start
        guard scanner.take(where: { (0x31...0x39).contains($0) }) else { return false }
        scanner.takeAll { isDigit($0) || $0 == 0x5F }
        if scanner.atEnd { return true }
        return scanner.takeSexagesimalGroups() && scanner.atEnd
    }

    /// `[-+]?[0-9][0-9_]*(\.[0-9_]*)?([eE][-+]?[0-9]+)? | \.[0-9_]+([eE][-+][0-9]+)?
    /// | [-+]?[0-9][0-9_]*(:[0-5]?[0-9])+\.[0-9_]* | [-+]?\.(inf|Inf|INF) | \.(nan|NaN|NAN)`
    private static func isFloat(_ bytes: Slice<UnsafeBufferPointer<UInt8>>) -> Bool {
        var scanner = Scanner(bytes)
        let signed = scanner.skipSign()
        if scanner.take(".") {
            let rest = bytes[scanner.position...]
            if rest.elementsEqual("inf".utf8) || rest.elementsEqual("Inf".utf8) || rest.elementsEqual("INF".utf8) {
                return true
            }
            if signed { return false }
            if rest.elementsEqual("nan".utf8) || rest.elementsEqual("NaN".utf8) || rest.elementsEqual("NAN".utf8) {
                return true
            }
            guard scanner.takeAll(atLeastOne: true, { isDigit($0) || $0 == 0x5F }) else { return false }
            if scanner.atEnd { return true }
            guard scanner.take("e") || scanner.take("E"), scanner.take(where: { $0 == 0x2B || $0 == 0x2D }) else {
                return false
            }
            return scanner.takeAll(atLeastOne: true, isDigit) && scanner.atEnd
        }
        guard scanner.take(where: isDigit) else { return false }
        scanner.takeAll { isDigit($0) || $0 == 0x5F }
        if scanner.peek == 0x3A {
            // Base 60: groups, then a mandatory fraction point.
            guard scanner.takeSexagesimalGroups(), scanner.take(".") else { return false }
            scanner.takeAll { isDigit($0) || $0 == 0x5F }
            return scanner.atEnd
        }
        if scanner.take(".") { scanner.takeAll { isDigit($0) || $0 == 0x5F } }
        if scanner.atEnd { return true }
        guard scanner.take("e") || scanner.take("E") else { return false }
        _ = scanner.take(where: { $0 == 0x2B || $0 == 0x2D })
        return scanner.takeAll(atLeastOne: true, isDigit) && scanner.atEnd
    }

    /// `YYYY-MM-DD`, or `YYYY-M?M-D?D([Tt]|[ \t]+)h?h:mm:ss(\.f*)?([ \t]*(Z|[-+]h?h(:mm)?))?`
    private static func isTimestamp(_ bytes: Slice<UnsafeBufferPointer<UInt8>>) -> Bool {
        var scanner = Scanner(bytes)
        guard scanner.takeDigits(exactly: 4), scanner.take("-") else { return false }
        let month = scanner.position
        if scanner.takeDigits(exactly: 2), scanner.take("-"), scanner.takeDigits(exactly: 2), scanner.atEnd {
            return true
        }
        scanner.position = month
        guard scanner.takeDigits(1...2), scanner.take("-"), scanner.takeDigits(1...2) else { return false }
        if !scanner.take("T") && !scanner.take("t") {
            guard scanner.takeAll(atLeastOne: true, { $0 == 0x20 || $0 == 0x09 }) else { return false }
        }
        guard scanner.takeDigits(1...2), scanner.take(":"), scanner.takeDigits(exactly: 2), scanner.take(":"),
            scanner.takeDigits(exactly: 2)
        else { return false }
        if scanner.take(".") { scanner.takeAll(isDigit) }
        if scanner.atEnd { return true }
        scanner.takeAll { $0 == 0x20 || $0 == 0x09 }
        if scanner.take("Z") { return scanner.atEnd }
        guard scanner.take(where: { $0 == 0x2B || $0 == 0x2D }), scanner.takeDigits(1...2) else { return false }
        if scanner.take(":") { guard scanner.takeDigits(exactly: 2) else { return false } }
        return scanner.atEnd
    }

    private static func isDigit(_ byte: UInt8) -> Bool { (0x30...0x39).contains(byte) }

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        isDigit(byte) || (0x41...0x46).contains(byte) || (0x61...0x66).contains(byte)
    }

    /// A cursor over ASCII patterns.
    private struct Scanner {
        let bytes: Slice<UnsafeBufferPointer<UInt8>>
        var position: Int

        init(_ bytes: Slice<UnsafeBufferPointer<UInt8>>) {
            self.bytes = bytes
            position = bytes.startIndex
        }

        var atEnd: Bool { position == bytes.endIndex }
        var peek: UInt8? { atEnd ? nil : bytes[position] }

        mutating func take(where accepts: (UInt8) -> Bool) -> Bool {
            guard let byte = peek, accepts(byte) else { return false }
            position += 1
            return true
        }

        mutating func take(_ character: Unicode.Scalar) -> Bool {
            take { $0 == UInt8(ascii: character) }
        }

        @discardableResult
        mutating func skipSign() -> Bool {
            take { $0 == 0x2B || $0 == 0x2D }
        }

        /// Takes every following byte `accepts`; with `atLeastOne`, false when there was none.
        @discardableResult
        mutating func takeAll(atLeastOne: Bool = false, _ accepts: (UInt8) -> Bool) -> Bool {
            let start = position
            while take(where: accepts) {}
            return !atLeastOne || position > start
        }

        mutating func takeDigits(exactly count: Int) -> Bool {
            takeDigits(count...count)
        }

        /// Between `range.lowerBound` and `range.upperBound` digits, as many as there are.
        mutating func takeDigits(_ range: ClosedRange<Int>) -> Bool {
            let start = position
            while position - start < range.upperBound, take(where: YAMLImplicitTag.isDigit) {}
            return position - start >= range.lowerBound
        }

        /// `(:[0-5]?[0-9])+`: each group one digit, or two with the first at most 5.
        mutating func takeSexagesimalGroups() -> Bool {
            var groups = 0
            while take(":") {
                let start = position
                guard takeDigits(1...2) else { return false }
                if position - start == 2, bytes[start] > UInt8(ascii: "5") { return false }
                groups += 1
            }
            return groups > 0
        }
    }
}
