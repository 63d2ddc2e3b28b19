import Foundation

/// How large a response body apix keeps for display (in memory or its temporary spool file): past the limit the
/// transfer stops, so a body that never ends cannot fill the disk unseen. Bodies written where the user asked
/// (`-o`, `download: { to: }`) are not limited. The limit counts bytes as decoded, so it also bounds a compressed
/// body's growth (a gzip bomb).
enum BodyLimit {
    /// 1 GiB: far above what a terminal or the explorer can usefully show, far below a full disk.
    static let defaultMaxBody: Int64 = 1 << 30

    /// 1,000 to 1: gzip and deflate cannot pass about 1,030 to 1, and real bodies stay far below (JSON and text
    /// about 5 to 20); brotli and zstd can reach millions to 1, on runs of one byte: a bomb.
    static let defaultMaxBodyRatio: Int64 = 1000
    /// A body is judged by its ratio only once it has passed 1 MiB decoded (a tiny body may compress any amount).
    static let ratioFloor: Int64 = 1 << 20

    /// Whether `decoded` bytes from `wire` bytes pass `ratio` (and `ratioFloor`).
    static func passesRatio(decoded: Int64, wire: Int64, ratio: Int64) -> Bool {
        decoded > ratioFloor && decoded / max(wire, 1) >= ratio && decoded > ratio * wire
    }

    /// The one-line reason a transfer stopped at the ratio.
    static func ratioMessage(ratio: Int64, decoded: Int64, wire: Int64) -> String {
        "the decoded body passed \(ratio) times its size on the wire (\(Units.bytes(wire)) became more than "
            + "\(Units.bytes(decoded))): a decompression bomb? (the limit: --max-body-ratio, max_body_ratio:; 0: none)"
    }

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
