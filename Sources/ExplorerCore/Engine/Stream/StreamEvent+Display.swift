import Foundation

extension StreamEvent {
    /// `#3  12:00:01.250  update  id 7`: the event's number, its local time of arrival, its type and its last event
    /// ID (left out when there is none), each made safe for a terminal. `apix run` and the TUI's Events view both
    /// start an event with it.
    package func headline(timeZone: TimeZone = .current) -> String {
        var parts = ["#\(number)", Self.clock(time, timeZone: timeZone), SafeText.escape(type)]
        if !id.isEmpty { parts.append("id " + SafeText.escape(id)) }
        if let retry { parts.append("retry \(retry) ms") }
        return parts.joined(separator: "  ")
    }

    /// The data as shown under the headline: JSON pretty-printed (escaped as `JSONValue` writes it), anything else
    /// line by line through `SafeText`.
    package var dataLines: [String] {
        if let json {
            return json.serialized(pretty: true).split(separator: "\n", omittingEmptySubsequences: false).map(
                String.init)
        }
        return data.split(separator: "\n", omittingEmptySubsequences: false).map { SafeText.escape($0) }
    }

    /// The headline, then the data lines: the block both front ends show for one event.
    package func displayLines(timeZone: TimeZone = .current) -> [String] {
        [headline(timeZone: timeZone)] + dataLines
    }

    /// `HH:mm:ss.SSS` in `timeZone`, without a formatter's locale.
    static func clock(_ time: Date, timeZone: TimeZone) -> String {
        let seconds = time.timeIntervalSince1970 + Double(timeZone.secondsFromGMT(for: time))
        let whole = Int(seconds.rounded(.down))
        let millis = min(999, Int(((seconds - Double(whole)) * 1000).rounded(.down)))
        let day = ((whole % 86_400) + 86_400) % 86_400
        let milliText = millis < 10 ? "00\(millis)" : millis < 100 ? "0\(millis)" : "\(millis)"
        return "\(Units.pad(day / 3600)):\(Units.pad(day % 3600 / 60)):\(Units.pad(day % 60)).\(milliText)"
    }

    /// The event as one JSON object (`apix run --json`, `--events-file`): `number`, `time` (ISO 8601, UTC,
    /// milliseconds), `event`, `id` (when there is one), `data`, `json` (the data parsed, when it is JSON) and
    /// `retry` (when given).
    package var jsonObject: JSONValue {
        var members = JSONObject()
        members.append(key: "number", value: .number(String(number)))
        members.append(key: "time", value: .string(Self.timestamp(time)))
        members.append(key: "event", value: .string(type))
        if !id.isEmpty { members.append(key: "id", value: .string(id)) }
        members.append(key: "data", value: .string(data))
        if let json { members.append(key: "json", value: json) }
        if let retry { members.append(key: "retry", value: .number(String(retry))) }
        return .object(members)
    }

    /// `2026-11-24T03:00:01.250Z`.
    static func timestamp(_ time: Date) -> String {
        let millis = Int64((time.timeIntervalSince1970 * 1000).rounded(.down))
        let seconds = Int(millis.quotientAndRemainder(dividingBy: 1000).quotient)
        let fraction = Int(millis - Int64(seconds) * 1000)
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let parts = calendar.dateComponents(
            [.year, .month, .day, .hour, .minute, .second], from: Date(timeIntervalSince1970: Double(seconds)))
        let milliText = fraction < 10 ? "00\(fraction)" : fraction < 100 ? "0\(fraction)" : "\(fraction)"
        return "\(parts.year ?? 0)-\(Units.pad(parts.month ?? 0))-\(Units.pad(parts.day ?? 0))T"
            + "\(Units.pad(parts.hour ?? 0)):\(Units.pad(parts.minute ?? 0)):\(Units.pad(parts.second ?? 0))."
            + "\(milliText)Z"
    }
}
