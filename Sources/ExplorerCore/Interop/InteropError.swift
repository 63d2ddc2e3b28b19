/// Why a curl command line could not be read (or an import could not be turned into a profile).
public struct InteropError: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Reason: Sendable, Equatable {
        /// Unbalanced quotes or a trailing backslash.
        case syntax(String)
        case notCurl(String)
        case unsupportedOption(String)
        case missingValue(option: String)
        case missingURL
        case invalidURL(String)
        case invalid(String)
    }

    public var reason: Reason

    public init(_ reason: Reason) {
        self.reason = reason
    }

    /// One line, for stderr.
    public var message: String {
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

    public var description: String { message }
}
