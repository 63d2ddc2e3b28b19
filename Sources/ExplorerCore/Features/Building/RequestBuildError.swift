/// Why a request could not be built from a profile and the user's edits.
public struct RequestBuildError: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Reason: Sendable, Equatable {
        case missingPlaceholder(name: String, path: String)
        case unknownVariable(name: String)
        case invalidURL(String)
        case invalidMethod(String)
        case invalidHeader(String)
        case unreadableFile(path: String, reason: String)
        case unknownEnvironment(String, known: [String])
        case unknownEndpoint(String)
        case invalidBody(String)
        /// A variable that cannot be filled in: it refers to itself, or expands past the limit.
        case invalidVariable(String)
        /// An endpoint's `auth: NAME` (or `--auth NAME`) that no `auths:` of this environment defines.
        case unknownAuthDefinition(String, known: [String])
    }

    public var reason: Reason
    /// Where in a profile the failing value was written, when it came from one.
    public var location: SourceLocation?
    /// What was being built, e.g. `endpoint todos.get, header X-Trace`.
    public var context: String?

    package init(_ reason: Reason, location: SourceLocation? = nil, context: String? = nil) {
        self.reason = reason
        self.location = location
        self.context = context
    }

    /// One line, for a status bar or stderr.
    public var message: String {
        let place = [location?.description, context].compactMap { $0 }.joined(separator: ": ")
        return place.isEmpty ? reasonText : "\(place): \(reasonText)"
    }

    /// What is wrong, without where: for a line that already shows which request it is (the editor's URL line). The
    /// value quoted is escaped (`SafeText`): it may hold a line end (the very thing refused) or a captured value.
    package var reasonText: String {
        let text: String
        switch reason {
        case .missingPlaceholder(let name, let path):
            text = "no value for path placeholder {\(name)} in \(path)"
        case .unknownVariable(let name):
            text = "unknown variable {{\(name)}}"
        case .invalidURL(let url):
            text = "invalid URL: \(SafeText.escape(url))"
        case .invalidMethod(let method):
            text = "invalid HTTP method: \(SafeText.escape(method))"
        case .invalidHeader(let header):
            text = "invalid header: \(SafeText.escape(header))"
        case .unreadableFile(let path, let why):
            text = "cannot read \(path): \(why)"
        case .unknownEnvironment(let name, let known):
            text = "unknown environment \(name) (known: \(known.joined(separator: ", ")))"
        case .unknownEndpoint(let id):
            text = "unknown endpoint \(id)"
        case .invalidBody(let why):
            text = "invalid body: \(why)"
        case .invalidVariable(let why):
            text = why
        case .unknownAuthDefinition(let name, let known):
            let defined = known.isEmpty ? "none defined under `auths:`" : "defined: " + known.joined(separator: ", ")
            text = "unknown auth definition \(name) (\(defined))"
        }
        return text
    }

    public var description: String { message }
}
