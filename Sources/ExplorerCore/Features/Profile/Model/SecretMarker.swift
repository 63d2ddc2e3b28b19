/// Stand-ins for secret values in exports: `~apix-secret-<hex of the name>~` uses only characters that URL
/// percent-encoding, form encoding and JSON leave alone, so after a request is built with them every secret can
/// be found and replaced by a shell variable reference.
package enum SecretMarker {
    static let prefix = "~apix-secret-"

    /// The marker for a variable name (`env.NAME` included).
    package static func marker(for name: String) -> String {
        prefix + name.utf8.map { String($0, radix: 16).leftPadded(to: 2) }.joined() + "~"
    }

    /// Splits text into literal pieces and the variable names of the markers found in it. By UTF-8 bytes, not by
    /// characters: a marker followed by a combining mark (`{{key}}` + U+0301) ends in a `~` that is part of one
    /// character with the mark, and a search by characters left that marker, and every one after it, in the export
    /// as literal text. Text that only looks like a marker stays text, and the search goes on after it.
    package static func split(_ text: String) -> [Piece] {
        let bytes = Array(text.utf8)
        let prefixBytes = Array(prefix.utf8)
        var pieces: [Piece] = []
        var literal = 0
        var searched = 0
        while let start = bytes[searched...].firstRange(of: prefixBytes) {
            searched = start.upperBound
            guard let end = bytes[start.upperBound...].firstIndex(of: UInt8(ascii: "~")),
                let name = decode(bytes[start.upperBound..<end])
            else { continue }
            if start.lowerBound > literal {
                pieces.append(.text(String(decoding: bytes[literal..<start.lowerBound], as: UTF8.self)))
            }
            pieces.append(.secret(name))
            literal = end + 1
            searched = literal
        }
        if literal < bytes.count { pieces.append(.text(String(decoding: bytes[literal...], as: UTF8.self))) }
        return pieces
    }

    package enum Piece: Sendable, Equatable {
        case text(String)
        case secret(String)
    }

    /// The shell variable a secret becomes in an export: `env.NAME` → `NAME`; otherwise the variable name in
    /// upper case with anything but letters, digits and `_` replaced by `_` (`api.key` → `API_KEY`). A name the
    /// shell or the login already sets gets an `APIX_` prefix (`user` → `APIX_USER`): a command run without setting
    /// it would otherwise quietly send the login name, the home directory, and so on.
    package static func shellName(for name: String) -> String {
        if name.hasPrefix("env.") { return String(name.dropFirst(4)) }
        var result = String(name.uppercased().map { $0.isASCII && ($0.isLetter || $0.isNumber) ? $0 : "_" })
        if result.first?.isNumber ?? true { result = "_" + result }
        return presetNames.contains(result) ? "APIX_" + result : result
    }

    /// Variables a shell or a login session sets on its own.
    static let presetNames: Set<String> = [
        "USER", "LOGNAME", "HOME", "PATH", "SHELL", "PWD", "OLDPWD", "TERM", "LANG", "LANGUAGE", "HOSTNAME",
        "HOSTTYPE", "OSTYPE", "MACHTYPE", "UID", "EUID", "GROUPS", "PPID", "SHLVL", "RANDOM", "SECONDS", "LINENO",
        "IFS", "PS1", "PS2", "PS4", "MAIL", "TMPDIR", "DISPLAY", "EDITOR", "VISUAL", "PAGER", "_",
    ]

    /// The name a marker's hex spells, two lower- or upper-case digits a byte; nil unless it is UTF-8.
    private static func decode(_ hex: ArraySlice<UInt8>) -> String? {
        guard hex.count % 2 == 0, !hex.isEmpty else { return nil }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(hex.count / 2)
        var index = hex.startIndex
        while index < hex.endIndex {
            guard let high = JSONScanner.hexValue(hex[index]), let low = JSONScanner.hexValue(hex[index + 1]) else {
                return nil
            }
            bytes.append(high << 4 | low)
            index += 2
        }
        return String(validating: bytes, as: UTF8.self)
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
