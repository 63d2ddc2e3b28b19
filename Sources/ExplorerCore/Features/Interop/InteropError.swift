/// Why a curl command line could not be read (or an import could not be turned into a profile).
package struct InteropError: Error, Sendable, Equatable, CustomStringConvertible {
    package enum Reason: Sendable, Equatable {
        /// Unbalanced quotes or a trailing backslash.
        case syntax(String)
        case notCurl(String)
        case unsupportedOption(String)
        case missingValue(option: String)
        case missingURL
        case invalidURL(String)
        case invalid(String)
    }

    package var reason: Reason

    package init(_ reason: Reason) {
        self.reason = reason
    }

    /// One line, for stderr.
    package var message: String {
        switch reason {
        case .syntax(let why): "cannot split the command line: \(why)"
        case .notCurl(let word): "expected a curl command, got `\(word)`"
        case .unsupportedOption(let option): "unsupported curl option \(option)"
        case .missingValue(let option): "curl option \(option) needs a value"
        case .missingURL: "the curl command has no URL"
        case .invalidURL(let url): "not an http:// or https:// URL: \(url)"
        case .invalid(let why): why
        }
    }

    package var description: String { message }
}
