/// A string from a profile that may contain `{{name}}` and `{{env.NAME}}` references, filled in when a request
/// is built. It remembers where it was written so an unknown variable can be reported at its line.
package struct Template: Sendable, Hashable, ExpressibleByStringLiteral, CustomStringConvertible {
    package var raw: String
    package var location: SourceLocation?
    /// A variable written `{ command: [pass, show, api/token] }`: its value is the first line this command prints
    /// (`SecretCommands`, run when the profile loads; `Profile.commandValues`), and `raw` is empty.
    package var command: [String]?

    package init(_ raw: String, location: SourceLocation? = nil) {
        self.raw = raw
        self.location = location
    }

    package init(stringLiteral value: String) {
        self.init(value)
    }

    package var description: String { raw }

    /// Names referenced by this template, in order (`env.X` included as written).
    var variableNames: [String] {
        // Loading checks every template of a profile: most reference nothing, and a byte scan says so without arrays.
        guard Self.mayReference(raw) else { return [] }
        return pieces.compactMap { if case .variable(let name) = $0 { name } else { nil } }
    }

    /// Fills every reference from `scope`. Unknown names throw, naming the variable and where it is used.
    package func render(_ scope: VariableScope, masking: Bool = false) throws(RequestBuildError) -> String {
        var output = ""
        for piece in pieces {
            switch piece {
            case .text(let text):
                output += text
            case .variable(let name):
                guard let value = scope.rendered(name, masking: masking) else {
                    throw RequestBuildError(.unknownVariable(name: name), location: location)
                }
                output += value
            }
        }
        return output
    }

    package enum Piece: Equatable {
        case text(String)
        case variable(String)
    }

    /// The template split into literal text and references; `{{` without a closing `}}` is literal.
    package var pieces: [Piece] {
        // Most strings reference nothing: a byte scan answers them without building pieces.
        guard Self.mayReference(raw) else { return raw.isEmpty ? [] : [.text(raw)] }
        return scannedPieces()
    }

    /// `pieces` by one scan of the UTF-8 bytes. `{` and `}` are ASCII, and no byte of a multi-byte UTF-8 sequence is
    /// below 0x80, so the scan finds them in any text; the pieces it cuts fall on scalar boundaries.
    /// It once searched non-ASCII text with Foundation's `range(of:)` from each reference on: time grew with the
    /// square of the references (a 220 KB text body with 16,000 of them took 10 s to send), and braces joined to a
    /// combining mark (`}}` + U+0301) did not close a reference. Imported profiles write a `{{variable}}` into nearly
    /// every path too, and loading one splits each of them several times.
    func scannedPieces() -> [Piece] {
        let bytes = raw.utf8
        /// The first index at or after `start` where `byte` comes twice in a row.
        func pair(_ byte: UInt8, from start: String.Index) -> String.Index? {
            var index = start
            while index < bytes.endIndex {
                let next = bytes.index(after: index)
                guard next < bytes.endIndex else { return nil }
                if bytes[index] == byte && bytes[next] == byte { return index }
                index = next
            }
            return nil
        }
        var result: [Piece] = []
        var rest = bytes.startIndex
        while let open = pair(UInt8(ascii: "{"), from: rest) {
            let nameStart = bytes.index(open, offsetBy: 2)
            guard let close = pair(UInt8(ascii: "}"), from: nameStart) else { break }
            if rest < open { result.append(.text(String(raw[rest..<open]))) }
            result.append(.variable(Self.trimmed(raw[nameStart..<close])))
            rest = bytes.index(close, offsetBy: 2)
        }
        if rest < bytes.endIndex { result.append(.text(String(raw[rest...]))) }
        return result
    }

    /// A reference's name without the blanks around it: `.whitespaces`, which in ASCII is space and tab only (the
    /// common case, trimmed without Foundation).
    private static func trimmed(_ name: Substring) -> String {
        guard name.utf8.allSatisfy({ $0 < 0x80 }) else { return name.trimmingCharacters(in: .whitespaces) }
        let bytes = name.utf8
        var first = bytes.startIndex
        var last = bytes.endIndex
        while first < last, bytes[first] == 0x20 || bytes[first] == 0x09 { first = bytes.index(after: first) }
        while last > first, bytes[bytes.index(before: last)] == 0x20 || bytes[bytes.index(before: last)] == 0x09 {
            last = bytes.index(before: last)
        }
        return String(name[first..<last])
    }

    /// Whether `text` contains `{{` (no other character sequence can match it).
    private static func mayReference(_ text: String) -> Bool {
        var previous: UInt8 = 0
        for byte in text.utf8 {
            if byte == UInt8(ascii: "{") && previous == byte { return true }
            previous = byte
        }
        return false
    }
}
