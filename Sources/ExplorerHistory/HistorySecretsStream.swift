import Foundation

/// `HistorySecrets.scrub(_: Data)` for a body that arrives in pieces: each piece is scrubbed with what came before
/// it, and the bytes a secret could still be starting in are held back until the next piece (or `finish`), so a
/// secret split across two pieces is replaced as if the body were whole. What is held back stays under twice the
/// longest secret.
struct HistorySecretsStream {
    let secrets: HistorySecrets
    private let needles: [Data]
    private let longest: Int
    private var held = Data()

    init(_ secrets: HistorySecrets) {
        self.secrets = secrets
        needles = secrets.values.map { Data($0.utf8) }
        longest = needles.map(\.count).max() ?? 0
    }

    /// The scrubbed bytes ready to go out after `piece`.
    mutating func feed(_ piece: Data) -> Data {
        guard longest > 0 else { return piece }
        held.append(piece)
        // Cut where no secret can be starting: `longest - 1` bytes before the end, moved back to the start of any
        // secret found crossing the cut.
        var cut = held.count - (longest - 1)
        var moved = true
        while moved, cut > 0 {
            moved = false
            for needle in needles {
                if let start = crossing(needle, cut), start < cut {
                    cut = start
                    moved = true
                }
            }
        }
        guard cut > 0 else { return Data() }
        let ready = held.prefix(cut)
        held = Data(held.dropFirst(cut))
        return secrets.scrub(Data(ready))
    }

    /// Where the first occurrence of `needle` that starts before `cut` and ends after it starts (an offset into
    /// `held`), if one does.
    private func crossing(_ needle: Data, _ cut: Int) -> Int? {
        let base = held.startIndex
        // Any occurrence starting in the `needle.count - 1` bytes before `cut` crosses it.
        let from = base + max(0, cut - needle.count + 1)
        let to = min(held.endIndex, base + cut + needle.count - 1)
        guard from < to, let found = held.range(of: needle, in: from..<to), found.lowerBound < base + cut else {
            return nil
        }
        return found.lowerBound - base
    }

    /// The rest, scrubbed.
    mutating func finish() -> Data {
        defer { held = Data() }
        return secrets.scrub(held)
    }
}
