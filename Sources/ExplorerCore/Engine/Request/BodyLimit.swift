import Foundation

/// How large a response body apix keeps for display (in memory or its temporary spool file): past the limit the
/// transfer stops, so a body that never ends cannot fill the disk unseen. Bodies written where the user asked
/// (`-o`, `download: { to: }`) are not limited. The limit counts bytes as decoded, so it also bounds a compressed
/// body's growth (a gzip bomb).
enum BodyLimit {
    /// 1 GiB: far above what a terminal or the explorer can usefully show, far below a full disk.
    static let defaultMaxBody: Int64 = 1 << 30

    /// A size as written in a profile or on the command line: bytes (`1048576`), or a number with a unit,
    /// decimal (`k`/`KB`, `M`/`MB`, `G`/`GB`) or binary (`KiB`, `MiB`, `GiB`, `TiB`); case-insensitive; `0` means
    /// no limit. Nil when it is not a size.
    static func parse(_ text: String) -> Int64? {
        let trimmed = text.trimmingCharacters(in: .whitespaces).lowercased()
        let digits = trimmed.prefix { $0.isNumber || $0 == "." }
        let unit = trimmed.dropFirst(digits.count).trimmingCharacters(in: .whitespaces)
        guard let number = Double(digits), number >= 0, number.isFinite else { return nil }
        let factors: [String: Double] = [
            "": 1, "b": 1, "k": 1e3, "kb": 1e3, "m": 1e6, "mb": 1e6, "g": 1e9, "gb": 1e9, "t": 1e12, "tb": 1e12,
            "kib": 1024, "mib": 1_048_576, "gib": 1_073_741_824, "tib": 1_099_511_627_776,
        ]
        guard let factor = factors[unit] else { return nil }
        let bytes = (number * factor).rounded(.down)
        guard bytes < 9.2e18 else { return nil }
        return Int64(bytes)
    }

    /// The one-line reason a transfer stopped at the limit (`decoded`: the body came compressed).
    static func exceededMessage(limit: Int64, decoded: Bool) -> String {
        "\(decoded ? "decoded body" : "body") exceeds \(Units.bytes(limit)) (the limit: --max-body, max_body:)"
    }
}
