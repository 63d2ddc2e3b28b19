/// Human-readable sizes, rates and durations, shared by the CLI and the TUI.
package enum Units {
    /// `count` and the noun, singular for exactly one: `1 endpoint`, `2 endpoints`; `plural` when not `noun + s`.
    package static func count(_ count: Int, _ noun: String, plural: String? = nil) -> String {
        "\(count) \(count == 1 ? noun : plural ?? noun + "s")"
    }

    /// `512 B`, `1.5 KiB`, `12.3 MiB`, `1.02 GiB`.
    package static func bytes(_ count: Int64) -> String {
        if count < 1024 { return "\(count) B" }
        let units = ["KiB", "MiB", "GiB", "TiB"]
        var value = Double(count) / 1024
        var unit = 0
        while value >= 1024, unit < units.count - 1 {
            value /= 1024
            unit += 1
        }
        return "\(fixed(value, digits: value < 10 ? 2 : 1)) \(units[unit])"
    }

    package static func rate(_ bytesPerSecond: Double) -> String {
        guard bytesPerSecond.isFinite, bytesPerSecond > 0 else { return "0 B/s" }
        return bytes(Int64(bytesPerSecond)) + "/s"
    }

    /// Milliseconds with two decimals below 10 ms, one below 1 s, seconds above.
    package static func duration(_ duration: Duration) -> String {
        let ms = duration.milliseconds
        if ms < 10 { return "\(fixed(ms, digits: 2)) ms" }
        if ms < 1000 { return "\(fixed(ms, digits: 1)) ms" }
        return "\(fixed(ms / 1000, digits: 2)) s"
    }

    /// `2`, `0.5`: seconds as a person writes them in a limit (`within 5 s`, `--timeout 0.5`).
    package static func plainSeconds(_ duration: Duration) -> String {
        let seconds = duration.seconds
        return seconds == seconds.rounded() ? "\(Int(seconds))" : String(format: "%g", seconds)
    }

    /// A response's age, coarse: `12 s`, `5 min`, `3 h`, `2 d`.
    package static func age(_ age: Duration) -> String {
        let seconds = max(0, Int(age.seconds))
        if seconds < 120 { return "\(seconds) s" }
        if seconds < 7200 { return "\(seconds / 60) min" }
        if seconds < 172_800 { return "\(seconds / 3600) h" }
        return "\(seconds / 86400) d"
    }

    /// `ETA 1:05`, or `h:mm:ss` for long transfers.
    package static func eta(seconds: Double) -> String {
        guard seconds.isFinite, seconds >= 0 else { return "--:--" }
        let total = Int(seconds.rounded(.up))
        let (h, m, s) = (total / 3600, (total % 3600) / 60, total % 60)
        return h > 0 ? "\(h):\(pad(m)):\(pad(s))" : "\(m):\(pad(s))"
    }

    static func pad(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }

    /// Fixed-point text without Foundation's locale-dependent formatting.
    package static func fixed(_ value: Double, digits: Int) -> String {
        guard value.isFinite else { return "-" }
        var scale = 1.0
        for _ in 0..<digits { scale *= 10 }
        let rounded = (abs(value) * scale).rounded()
        let whole = Int64(rounded / scale)
        let fraction = Int64(rounded) - whole * Int64(scale)
        let sign = value < 0 && rounded > 0 ? "-" : ""
        guard digits > 0 else { return "\(sign)\(whole)" }
        var fractionText = String(fraction)
        while fractionText.count < digits { fractionText = "0" + fractionText }
        return "\(sign)\(whole).\(fractionText)"
    }
}
