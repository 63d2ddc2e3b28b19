/// Joins base URLs and paths, fills `{placeholder}`s and appends query items, percent-encoding as it goes.
enum URLBuilder {
    /// Joins without doubling or dropping the slash between them. An absolute `path` (with a scheme) wins.
    package static func join(base: String, path: String) -> String {
        if path.isEmpty { return base }
        if hasScheme(path) { return path }
        let trimmedBase = base.hasSuffix("/") ? String(base.dropLast()) : base
        if path.hasPrefix("?") || path.hasPrefix("#") { return trimmedBase + path }
        return path.hasPrefix("/") ? trimmedBase + path : trimmedBase + "/" + path
    }

    /// `{name}` placeholders in a path template, in order of appearance (`{{variables}}` are not placeholders).
    package static func placeholders(in path: String) -> [String] {
        if let names = asciiPlaceholders(in: path) { return names }
        var names: [String] = []
        for piece in Template(path).pieces {
            guard case .text(let text) = piece else { continue }
            for segment in placeholderSegments(text) {
                if case .placeholder(let name) = segment, !names.contains(name) { names.append(name) }
            }
        }
        return names
    }

    /// `placeholders(in:)` for the common path, ASCII without `{{variables}}`, by a byte scan (profiles with
    /// thousands of endpoints check every path when they load); nil for any other path.
    private static func asciiPlaceholders(in path: String) -> [String]? {
        let bytes = path.utf8
        var names: [String] = []
        var open: String.UTF8View.Index?
        var previous: UInt8 = 0
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let byte = bytes[index]
            if byte >= 0x80 || (byte == UInt8(ascii: "{") && previous == byte) { return nil }
            if byte == UInt8(ascii: "{") {
                open = index
            } else if byte == UInt8(ascii: "}"), let start = open {
                let name = bytes[bytes.index(after: start)..<index]
                // The same rule as `placeholderSegments`: letters, digits, `_`, `-` and `.`.
                if !name.isEmpty, name.allSatisfy(isPlaceholderByte) {
                    let text = String(Substring(name))
                    if !names.contains(text) { names.append(text) }
                }
                open = nil
            }
            previous = byte
            index = bytes.index(after: index)
        }
        return names
    }

    private static func isPlaceholderByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "-"), UInt8(ascii: "."):
            true
        default:
            false
        }
    }

    /// Renders a path template: variables filled, placeholders replaced by their percent-encoded values, other
    /// characters that may not appear in a path percent-encoded.
    package static func path(
        _ template: Template, params: [String: String], scope: VariableScope, masking: Bool = false
    ) throws(RequestBuildError) -> String {
        var output = ""
        for piece in template.pieces {
            switch piece {
            case .variable(let name):
                guard let value = scope.rendered(name, masking: masking) else {
                    throw RequestBuildError(.unknownVariable(name: name), location: template.location)
                }
                output += PercentEncoding.encode(value, allowed: PercentEncoding.pathAllowed, keepingEscapes: true)
            case .text(let text):
                for segment in placeholderSegments(text) {
                    switch segment {
                    case .literal(let literal):
                        output += PercentEncoding.encode(
                            literal, allowed: PercentEncoding.pathAllowed, keepingEscapes: true)
                    case .placeholder(let name):
                        guard let value = params[name] else {
                            throw RequestBuildError(
                                .missingPlaceholder(name: name, path: template.raw), location: template.location)
                        }
                        output += PercentEncoding.encode(value, allowed: PercentEncoding.unreserved)
                    }
                }
            }
        }
        return output
    }

    /// Appends `items` to `url`'s query (after any query it already has), encoding names and values.
    static func appendingQuery(_ items: [(name: String, value: String)], to url: String) -> String {
        guard !items.isEmpty else { return url }
        var base = url
        var fragment = ""
        if let hash = base.firstIndex(of: "#") {
            fragment = String(base[hash...])
            base = String(base[..<hash])
        }
        let encoded = items.map {
            PercentEncoding.encode($0.name, allowed: PercentEncoding.unreserved) + "="
                + PercentEncoding.encode($0.value, allowed: PercentEncoding.unreserved)
        }.joined(separator: "&")
        let separator = base.contains("?") ? (base.hasSuffix("?") || base.hasSuffix("&") ? "" : "&") : "?"
        return base + separator + encoded + fragment
    }

    static func hasScheme(_ text: String) -> Bool {
        guard let colon = text.range(of: "://") else { return false }
        let scheme = text[..<colon.lowerBound]
        return !scheme.isEmpty && scheme.allSatisfy { $0.isLetter || $0.isNumber || "+-.".contains($0) }
    }

    private enum Segment: Equatable {
        case literal(String)
        case placeholder(String)
    }

    /// Splits text into literals and `{name}` placeholders (names: letters, digits, `_`, `-`, `.`).
    private static func placeholderSegments(_ text: String) -> [Segment] {
        var segments: [Segment] = []
        var literal = ""
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "{") {
            literal += rest[..<open]
            let after = rest[rest.index(after: open)...]
            if let close = after.firstIndex(of: "}") {
                let name = after[..<close]
                if !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber || "_-.".contains($0) }) {
                    if !literal.isEmpty { segments.append(.literal(literal)) }
                    literal = ""
                    segments.append(.placeholder(String(name)))
                    rest = after[after.index(after: close)...]
                    continue
                }
            }
            literal += "{"
            rest = after
        }
        literal += rest
        if !literal.isEmpty { segments.append(.literal(literal)) }
        return segments
    }
}
