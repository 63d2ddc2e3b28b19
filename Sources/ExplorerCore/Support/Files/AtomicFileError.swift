import Foundation

/// Why `AtomicFile` could not replace a file; the file is then as it was.
package struct AtomicFileError: Error, Sendable, Equatable, CustomStringConvertible {
    package enum Reason: Sendable, Equatable {
        /// The target is a directory (or a link to one): replacing it would destroy everything in it.
        case isDirectory
        /// A system call failed: what apix was doing, and `errno`.
        case system(action: String, code: Int32)
        /// A device or FIFO written in place (`InPlaceFile`) could not be opened: why, in words.
        case inPlace(String)
    }

    /// The file that was to be replaced.
    package let path: String
    package let reason: Reason

    package init(_ reason: Reason, path: String) {
        self.reason = reason
        self.path = path
    }

    /// The reason in words, without the path.
    package var detail: String {
        switch reason {
        case .isDirectory: "it is a directory"
        case .system(let action, let code): "\(action): \(String(cString: strerror(code)))"
        case .inPlace(let why): "cannot open: \(why)"
        }
    }

    package var description: String { "\(path): \(detail)" }
}
