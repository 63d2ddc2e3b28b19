import Foundation

/// The cookie jar of one profile and environment: `STATE/cookies/PROFILE@ENV.txt`, 0600, in the Netscape format
/// libcurl's cookie engine reads and writes. apix lists, deletes and clears; libcurl keeps it while sending.
public struct CookieJar: Sendable {
    /// One cookie as the jar holds it.
    public struct Cookie: Sendable, Equatable {
        public var domain: String
        /// Sent to subdomains of `domain` too (a `Domain=` attribute).
        public var includesSubdomains: Bool
        public var path: String
        public var secure: Bool
        public var httpOnly: Bool
        /// When it expires; `nil`: at the end of the session (apix keeps it until cleared).
        public var expires: Date?
        public var name: String
        public var value: String

        /// The expiry in words for a listing: `session` or an ISO 8601 date in UTC.
        public var expiryText: String {
            guard let expires else { return "session" }
            return expires.formatted(
                .iso8601.year().month().day().time(includingFractionalSeconds: false).timeZone(separator: .omitted))
        }
    }

    /// Where the jar is kept.
    public let path: String

    public init(profile: String, environment: String, stateDirectory: String = StateDirectory.path()) {
        path = Self.path(profile: profile, environment: environment, stateDirectory: stateDirectory)
    }

    static func path(profile: String, environment: String, stateDirectory: String) -> String {
        let name = PercentEncoding.fileName(profile) + "@" + PercentEncoding.fileName(environment) + ".txt"
        return ((stateDirectory as NSString).appendingPathComponent("cookies") as NSString)
            .appendingPathComponent(name)
    }

    /// The cookies in the jar, in file order (none when there is no jar yet).
    public func cookies() -> [Cookie] {
        guard let data = FileManager.default.contents(atPath: path) else { return [] }
        return Self.parse(String(decoding: data, as: UTF8.self))
    }

    /// Netscape cookie lines: domain, subdomains flag, path, secure flag, expiry (seconds, 0 for a session
    /// cookie), name, value; `#HttpOnly_` before the domain marks an HTTP-only cookie, other `#` lines are comments.
    static func parse(_ text: String) -> [Cookie] {
        var cookies: [Cookie] = []
        for line in text.split(separator: "\n") {
            var line = Substring(line)
            var httpOnly = false
            if line.hasPrefix("#HttpOnly_") {
                httpOnly = true
                line = line.dropFirst("#HttpOnly_".count)
            } else if line.hasPrefix("#") {
                continue
            }
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            guard fields.count >= 7, let seconds = Int64(fields[4]) else { continue }
            cookies.append(
                Cookie(
                    domain: String(fields[0]), includesSubdomains: fields[1] == "TRUE", path: String(fields[2]),
                    secure: fields[3] == "TRUE", httpOnly: httpOnly,
                    expires: seconds == 0 ? nil : Date(timeIntervalSince1970: TimeInterval(seconds)),
                    name: String(fields[5]), value: fields[6...].joined(separator: "\t")))
        }
        return cookies
    }

    static func line(_ cookie: Cookie) -> String {
        let expires = cookie.expires.map { String(Int64($0.timeIntervalSince1970)) } ?? "0"
        return [
            (cookie.httpOnly ? "#HttpOnly_" : "") + cookie.domain, cookie.includesSubdomains ? "TRUE" : "FALSE",
            cookie.path, cookie.secure ? "TRUE" : "FALSE", expires, cookie.name, cookie.value,
        ].joined(separator: "\t")
    }

    /// Empties the jar (the file is removed).
    public func clear() throws(AtomicFileError) {
        guard FileManager.default.fileExists(atPath: path) else { return }
        try save([])
    }

    /// Removes the cookies named `name` for `domain` and `path`; returns how many were removed.
    @discardableResult
    public func delete(name: String, domain: String, path cookiePath: String) throws(AtomicFileError) -> Int {
        let all = cookies()
        let kept = all.filter { !($0.name == name && $0.domain == domain && $0.path == cookiePath) }
        if kept.count != all.count { try save(kept) }
        return all.count - kept.count
    }

    private func save(_ cookies: [Cookie]) throws(AtomicFileError) {
        let text = "# Netscape HTTP Cookie File\n# Written by apix.\n\n" + cookies.map { Self.line($0) + "\n" }.joined()
        try AtomicFile.write(Data(text.utf8), to: path, options: .userOnly)
        CookieShares.reload(path)
    }

    /// Makes sure the jar's directory (0700) and file (0600) exist before libcurl writes it: libcurl keeps the
    /// mode of an existing file, and would otherwise make a new one as the umask says.
    static func prepare(_ path: String) -> Bool {
        do {
            try PrivateDirectory.prepare((path as NSString).deletingLastPathComponent)
        } catch {
            return false
        }
        let descriptor = open(path, O_WRONLY | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { return false }
        fchmod(descriptor, 0o600)
        close(descriptor)
        return true
    }
}

extension CookieJar.Cookie {
    /// The columns a listing shows (the CLI's `apix cookies`, the explorer's view): name, domain, path, expiry and
    /// the value, masked unless `revealed`. Every column is server text: escape it before a terminal.
    public func columns(revealed: Bool = false) -> [String] {
        let shownDomain = (includesSubdomains && !domain.hasPrefix(".") ? "." : "") + domain
        return [name, shownDomain, path, expiryText, revealed ? value : "••••"]
    }
}

extension CookieJar {
    /// A `Set-Cookie` value with the cookie's value masked and its attributes kept (`sid=••••; Path=/; HttpOnly`),
    /// for whatever writes responses down (logs, history, exports).
    public static func maskedSetCookie(_ value: String) -> String {
        let parts = value.split(separator: ";", maxSplits: 1, omittingEmptySubsequences: false)
        guard let pair = parts.first, let equals = pair.firstIndex(of: "=") else { return "••••" }
        let rest = parts.count > 1 ? ";" + parts[1] : ""
        return pair[..<equals] + "=••••" + rest
    }

    /// `headers` with every `Set-Cookie` value masked (`maskedSetCookie`).
    public static func maskingSetCookies(_ headers: HTTPHeaders) -> HTTPHeaders {
        var masked = HTTPHeaders()
        for field in headers {
            let isSetCookie = field.name.caseInsensitiveEquals("Set-Cookie")
            masked.add(field.name, isSetCookie ? maskedSetCookie(field.value) : field.value)
        }
        return masked
    }
}
