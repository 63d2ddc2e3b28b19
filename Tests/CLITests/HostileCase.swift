/// One row of the hostile-server table: which answer (`HostileRoutes`), how `apix run` is called, and what must
/// come of it.
struct HostileCase: Sendable, CustomStringConvertible {
    enum Output: Sendable {
        case pipe
        case terminal
    }

    /// The route's path without its slash; also the endpoint's id in the test profile.
    var route: String
    /// Extra arguments; `{dir}` stands for a scratch directory of the run's own.
    var arguments: [String] = []
    /// `hostile`, or `hostile-auth` (OAuth2 with its token endpoint on `/token-hang`).
    var profile = "hostile"
    var status: Int32
    /// Text the message line on stderr (on a terminal: the screen) must contain.
    var message: String
    /// On a pipe, stdout must start with this (the body as received), when given.
    var stdout: String?
    /// Peak memory (VmHWM) allowed, in MiB.
    var peakMiB = 100
    /// The child is killed after this many seconds (a failure).
    var timeout = 15.0
    var outputs: [Output] = [.pipe, .terminal]
    /// Why the case is not run yet (the issue item whose fix it waits for).
    var disabled: String?

    var description: String { ([route] + arguments).joined(separator: " ") }
}
