/// Why a profile edit could not be saved. Nothing is written when saving fails.
package struct ProfileWriteError: Error, Sendable, Equatable, CustomStringConvertible {
    package enum Reason: Sendable, Equatable {
        /// The profile file (or its overlay) has problems; saving over them could lose what the user meant.
        case brokenProfile([ProfileProblem])
        /// Another endpoint already has this id.
        case duplicateID(String)
        /// The edited profile would not load back as intended.
        case unverifiable(String)
        case io(path: String, reason: String)
    }

    package var reason: Reason
    package var file: String

    package init(_ reason: Reason, file: String) {
        self.reason = reason
        self.file = file
    }

    /// One line, for a status bar or stderr.
    package var message: String {
        switch reason {
        case .brokenProfile(let problems):
            let first = problems.first.map { ": \($0)" } ?? ""
            return "cannot save into \(file): it has \(problems.count) problem(s) to fix first\(first)"
        case .duplicateID(let id):
            return "cannot save: \(file) already has an endpoint `\(id)`"
        case .unverifiable(let why):
            return "cannot save into \(file): \(why)"
        case .io(let path, let why):
            return "cannot write \(path): \(why)"
        }
    }

    package var description: String { message }
}
