/// A CLI run that ends with a message on stderr and a specific exit status.
struct CLIFailure: Error {
    /// Exit statuses scripts rely on.
    enum Status: Int32 {
        /// A check failed, or an endpoint sent first because this one uses its values failed.
        case chain = 1
        case usage = 2
        case profile = 3
        /// The token server refused or could not be reached, or stored tokens could not be changed.
        case auth = 4
        /// The history database could not be opened or read.
        case history = 5
    }

    var code: Int32
    var message: String
    /// `--json`'s `error.kind`.
    var kind: String

    init(_ status: Status, _ message: String, kind: String? = nil) {
        code = status.rawValue
        self.message = message
        self.kind =
            kind ?? (status == .usage ? "usage" : status == .auth ? "auth" : status == .history ? "history" : "profile")
    }
}
