import Foundation

/// The cookie jar of one profile and environment: `STATE/cookies/PROFILE@ENV.txt`, 0600, in the Netscape format
/// libcurl's cookie engine reads and writes. apix lists, deletes and clears; libcurl keeps it while sending.
package struct CookieJar: Sendable, Hashable {
    /// One cookie as the jar holds it.
    package struct Cookie: Sendable, Hashable {
        package var domain: String
        /// Sent to subdomains of `domain` too (a `Domain=` attribute).
        package var includesSubdomains: Bool
        package var path: String
        package var secure: Bool
        package var httpOnly: Bool
        /// When it expires; `nil`: at the end of the session (apix keeps it until cleared).
        package var expires: Date?
        package var name: String
        package var value: String

        /// The expiry in words for a listing: `session` or an ISO 8601 date in UTC.
        package var expiryText: String {
            guard let expires else { return "session" }
            return expires.formatted(
                .iso8601.year().month().day().time(includingFractionalSeconds: false).timeZone(separator: .omitted))
        }
    }

    /// Where the jar is kept.
    package let path: String

    package init(profile: String, environment: String, stateDirectory: String = StateDirectory.path()) {
        path = Self.path(profile: profile, environment: environment, stateDirectory: stateDirectory)
    }

    /// The jar at `path` (a request's `TransferOptions.cookieJar`).
    package init(path: String) {
        self.path = path
    }

    /// The values of the cookies a request to `url` carries (`RequestCookies.sent`), for keeping them out of what
    /// is recorded: an echo server sends them back in its body. Short ones are left out (see `HistorySecrets`: a
    /// value of a few characters would mask the same text anywhere in a body).
    package func values(sentTo url: String) -> [String] {
        guard let components = URLComponents(string: url) else { return [] }
        return RequestCookies.sent(cookies(), url: components, now: Date()).map(\.value).filter { $0.count >= 8 }
    }

    static func path(profile: String, environment: String, stateDirectory: String) -> String {
        let name = PercentEncoding.fileName(profile) + "@" + PercentEncoding.fileName(environment) + ".txt"
        return ((stateDirectory as NSString).appendingPathComponent("cookies") as NSString)
            .appendingPathComponent(name)
    }

    /// The cookies in the jar, in file order (none when there is no jar yet).
    package func cookies() -> [Cookie] {
        // libcurl (7.88) truncates the jar before it writes a temporary file and renames it over the jar, so a
        // read at that moment finds it empty; a jar libcurl wrote is never empty (it has a header line), so an
        // empty one is read again, for up to half a second (one only `prepare` made stays empty: no cookies). 20 ms
        // was too short on a loaded machine: a writer descheduled longer made `delete` find no cookie and remove
        // nothing (`CookieJarTests` "deleting while requests set cookies", once in a CI run).
        for _ in 0..<500 {
            guard let data = FileManager.default.contents(atPath: path) else { return [] }
            if !data.isEmpty { return Self.parse(String(decoding: data, as: UTF8.self)) }
            usleep(1000)
        }
        return []
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

    /// Empties the jar (the file then holds no cookie).
    package func clear() throws(AtomicFileError) {
        guard FileManager.default.fileExists(atPath: path) else { return }
        if edit(["ALL"], reading: false) { return }
        try save([])
    }

    /// Removes the cookies named `name` for `domain` and `path`; returns how many were removed.
    @discardableResult
    package func delete(name: String, domain: String, path cookiePath: String) throws(AtomicFileError) -> Int {
        let all = cookies()
        let removed = all.filter { $0.name == name && $0.domain == domain && $0.path == cookiePath }
        guard !removed.isEmpty else { return 0 }
        // The same cookie again, expired: libcurl replaces the one it holds and drops it when it writes the jar.
        var expired = removed
        for index in expired.indices { expired[index].expires = Date(timeIntervalSince1970: 1) }
        if !edit(expired.map(Self.line), reading: true) {
            let kept = all.filter { !($0.name == name && $0.domain == domain && $0.path == cookiePath) }
            try save(kept)
        }
        return removed.count
    }

    /// Removes `cookie` (every cookie of its name, domain and path); returns how many were removed.
    @discardableResult
    package func delete(_ cookie: Cookie) throws(AtomicFileError) -> Int {
        try delete(name: cookie.name, domain: cookie.domain, path: cookie.path)
    }

    /// Changes the jar through the engine that sends with it, not beside it. An exchange that runs at the same
    /// time writes the jar from this process's libcurl share (after an answer that set cookies, and again when its
    /// handle is cleaned up): were the file edited on its own, such a write could put a deleted cookie back (and
    /// reloading the share from the file would lose a cookie that exchange had just received). So the change is
    /// made in the share (libcurl `COOKIELIST` lines, under the share's lock: a deleted cookie is replaced by an
    /// expired copy, which libcurl neither sends nor writes, and which a stale copy read from the file cannot
    /// replace), then the share writes the file; every later write from the share lacks what was removed.
    /// Another apix process is not covered (there is no lock between processes): it writes what it read when its
    /// request started. False when libcurl could not make a share (the caller edits the file instead).
    private func edit(_ commands: [String], reading: Bool) -> Bool {
        guard Self.prepare(path) else { return false }
        return CookieShares.edit(path, reading: reading, commands: commands)
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
    /// The column titles of a listing, in the order of `columns`.
    package static let columnTitles = ["NAME", "DOMAIN", "PATH", "EXPIRES", "VALUE"]

    /// The columns a listing shows: name, domain, path, expiry and the value, masked unless `revealed`. Every
    /// column is server text: escape it before a terminal.
    package func columns(revealed: Bool = false) -> [String] {
        [name, shownDomain, path, expiryText, revealed ? value : VariableScope.mask]
    }

    /// The columns as the CLI's `apix cookies` and the explorer's cookie view both show them at `now`: the expiry
    /// also relative (`2026-11-24T04:00:00Z (in 59 min)`, `(expired 3 min ago)`).
    package func columns(revealed: Bool = false, now: Date) -> [String] {
        [name, shownDomain, path, expiryText(now: now), revealed ? value : VariableScope.mask]
    }

    /// The domain with a leading dot when subdomains get the cookie too.
    package var shownDomain: String {
        (includesSubdomains && !domain.hasPrefix(".") ? "." : "") + domain
    }

    /// The expiry in words at `now`: `session`, or the date with how far it is from now.
    package func expiryText(now: Date) -> String {
        guard let expires else { return expiryText }
        let seconds = expires.timeIntervalSince(now)
        let distance = Units.age(.seconds(abs(seconds)))
        return expiryText + (seconds > 0 ? " (in \(distance))" : " (expired \(distance) ago)")
    }

    /// Whether it is past its expiry at `now` (libcurl neither sends it nor writes it again).
    package func isExpired(at now: Date) -> Bool {
        expires.map { $0 <= now } ?? false
    }
}

extension CookieJar {
    /// A `Set-Cookie` value with the cookie's value masked and its attributes kept (`sid=••••; Path=/; HttpOnly`),
    /// for whatever writes responses down (logs, history, exports).
    package static func maskedSetCookie(_ value: String) -> String {
        let parts = value.split(separator: ";", maxSplits: 1, omittingEmptySubsequences: false)
        guard let pair = parts.first, let equals = pair.firstIndex(of: "=") else { return VariableScope.mask }
        let rest = parts.count > 1 ? ";" + parts[1] : ""
        return pair[..<equals] + "=••••" + rest
    }

    /// `headers` with every `Set-Cookie` value masked (`maskedSetCookie`).
    package static func maskingSetCookies(_ headers: HTTPHeaders) -> HTTPHeaders {
        var masked = HTTPHeaders()
        for field in headers {
            let isSetCookie = field.name.caseInsensitiveEquals("Set-Cookie")
            masked.add(field.name, isSetCookie ? maskedSetCookie(field.value) : field.value)
        }
        return masked
    }
}
