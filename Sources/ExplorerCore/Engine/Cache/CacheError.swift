/// A problem with the cache's files. Never fatal: a bad file is ignored (the cache starts empty for that
/// profile) and the problem is kept in `ResponseCache.problems` for the caller to show.
package struct CacheError: Error, Sendable, Equatable, CustomStringConvertible {
    package enum Reason: Sendable, Equatable {
        /// The file exists but could not be read.
        case unreadable(String)
        /// The file was read but is not a cache file apix understands.
        case corrupt(String)
        /// The file could not be written; the cache keeps working in memory.
        case unwritable(String)
    }

    package var reason: Reason
    /// The file concerned.
    package var path: String

    package init(_ reason: Reason, path: String) {
        self.reason = reason
        self.path = path
    }

    /// One line for a status bar or stderr.
    package var message: String {
        switch reason {
        case .unreadable(let detail): "cannot read the cache file \(path): \(detail)"
        case .corrupt(let detail): "ignoring the damaged cache file \(path): \(detail)"
        case .unwritable(let detail): "cannot write the cache file \(path): \(detail)"
        }
    }

    package var description: String { message }
}
