import Foundation

/// A point in time as the UI needs it: monotonic seconds for rates and ETAs, wall-clock time for token expiry.
public struct Moment: Sendable, Equatable {
    public var uptime: Double
    public var date: Date

    public init(uptime: Double, date: Date) {
        self.uptime = uptime
        self.date = date
    }

    /// Now, from the system clocks.
    public static var now: Moment {
        Moment(uptime: ProcessInfo.processInfo.systemUptime, date: Date())
    }
}
