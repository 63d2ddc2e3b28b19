/// Stand-ins for secret values in exports: `~apix-secret-<hex of the name>~` uses only characters that URL
/// percent-encoding, form encoding and JSON leave alone, so after a request is built with them every secret can
/// be found and replaced by a shell variable reference.
package enum SecretMarker {
    static let prefix = "~apix-secret-"

    /// The marker for a variable name (`env.NAME` included).
    package static func marker(for name: String) -> String {
        prefix + name.utf8.map { String($0, radix: 16).leftPadded(to: 2) }.joined() + "~"
    }

    /// Splits text into literal pieces and the variable names of the markers found in it.
    package static func split(_ text: String) -> [Piece] {
        var pieces: [Piece] = []
        var rest = Substring(text)
        while let start = rest.range(of: prefix) {
            let after = rest[start.upperBound...]
            guard let end = after.firstIndex(of: "~"), let name = decode(after[..<end]) else { break }
            if start.lowerBound > rest.startIndex { pieces.append(.text(String(rest[..<start.lowerBound]))) }
            pieces.append(.secret(name))
            rest = after[after.index(after: end)...]
        }
        if !rest.isEmpty { pieces.append(.text(String(rest))) }
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

    private static func decode(_ hex: Substring) -> String? {
        guard hex.count % 2 == 0, !hex.isEmpty else { return nil }
        var bytes: [UInt8] = []
        var index = hex.startIndex
        while index < hex.endIndex {
            let next = hex.index(index, offsetBy: 2)
            guard let byte = UInt8(hex[index..<next], radix: 16) else { return nil }
            bytes.append(byte)
            index = next
        }
        return String(validating: bytes, as: UTF8.self)
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
