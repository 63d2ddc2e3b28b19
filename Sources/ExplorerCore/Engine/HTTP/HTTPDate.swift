import Foundation

/// HTTP-dates (RFC 9110 section 5.6.7): the IMF-fixdate form servers send, and the two obsolete forms a recipient
/// must still accept (RFC 850 and asctime).
///
/// Parsed by hand with `timegm` rather than `DateFormatter`: three fixed layouts, no locale, no shared formatter.
enum HTTPDate {
    private static let months = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]

    /// The date, or `nil` when `text` is in none of the three forms.
    static func parse(_ text: String) -> Date? {
        let fields = text.split(whereSeparator: { $0 == " " || $0 == "," }).map { $0.lowercased() }
        let day: String
        let month: String
        let year: String
        let clock: String
        switch fields.count {
        case 6 where fields[5] == "gmt":  // Sun, 06 Nov 1994 08:49:37 GMT
            (day, month, year, clock) = (fields[1], fields[2], fields[3], fields[4])
        case 4 where fields[3] == "gmt":  // Sunday, 06-Nov-94 08:49:37 GMT
            let parts = fields[1].split(separator: "-").map(String.init)
            guard parts.count == 3, let short = Int(parts[2]) else { return nil }
            // RFC 9110: a two-digit year more than 50 years in the future is in the past century.
            let fullYear = short < 70 ? 2000 + short : 1900 + short
            (day, month, year, clock) = (parts[0], parts[1], String(fullYear), fields[2])
        case 5:  // Sun Nov  6 08:49:37 1994
            (day, month, year, clock) = (fields[2], fields[1], fields[4], fields[3])
        default:
            return nil
        }
        let time = clock.split(separator: ":")
        guard let monthIndex = months.firstIndex(of: month), let dayNumber = Int32(day), let yearNumber = Int32(year),
            time.count == 3, let hour = Int32(time[0]), let minute = Int32(time[1]), let second = Int32(time[2]),
            (1...31).contains(dayNumber), (0...23).contains(hour), (0...59).contains(minute), (0...60).contains(second),
            yearNumber >= 1900
        else { return nil }
        var parts = tm()
        parts.tm_year = yearNumber - 1900
        parts.tm_mon = Int32(monthIndex)
        parts.tm_mday = dayNumber
        parts.tm_hour = hour
        parts.tm_min = minute
        parts.tm_sec = second
        return Date(timeIntervalSince1970: TimeInterval(timegm(&parts)))
    }
}
