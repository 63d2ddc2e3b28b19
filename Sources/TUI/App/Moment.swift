import Foundation

/// A point in time as the UI needs it: monotonic seconds for rates and ETAs, wall-clock time for token expiry.
package struct Moment: Sendable, Equatable {
    package var uptime: Double
    package var date: Date

    package init(uptime: Double, date: Date) {
        self.uptime = uptime
        self.date = date
    }

    /// Now, from the system clocks.
    package static var now: Moment {
        Moment(uptime: ProcessInfo.processInfo.systemUptime, date: Date())
    }
}
