import CCurl
import Foundation
import Synchronization

/// One libcurl cookie share per jar file, for the life of the process: exchanges of one profile and environment
/// that run at once see each other's cookies, and the jar written after one holds them all.
enum CookieShares {
    /// A share handle; libcurl locks it itself (`apix_cookie_share`), so it may be used from any thread.
    private struct Share: @unchecked Sendable {
        let pointer: UnsafeMutableRawPointer
    }

    private static let shares = Mutex<[String: Share]>([:])
    /// Each jar file as this process last read it into its share (`loadIfChanged`).
    private static let read = Mutex<[String: FileSignature]>([:])

    /// The share for the jar at `path`, made on first use (nil if libcurl cannot make one).
    static func share(for path: String) -> UnsafeMutableRawPointer? {
        shares.withLock { shares in
            if let share = shares[path] { return share.pointer }
            guard let pointer = apix_cookie_share() else { return nil }
            shares[path] = Share(pointer: pointer)
            return pointer
        }
    }

    /// Gives the share of the jar at `path` each of `commands` (`CURLOPT_COOKIELIST`: a cookie line, `ALL`, …) and
    /// writes the jar from the share; with `reading`, the share first takes in what the file holds (a share of a
    /// new process holds nothing yet, and the jar it writes must keep the file's other cookies). False when there
    /// is no share.
    static func edit(_ path: String, reading: Bool, commands: [String]) -> Bool {
        guard let share = share(for: path) else { return false }
        if reading {
            guard let reader = apix_easy_init() else { return false }
            apix_easy_setopt_share(reader, share)
            apix_easy_setopt_string(reader, CURLOPT_COOKIEFILE, path)
            apix_easy_setopt_string(reader, CURLOPT_COOKIELIST, "RELOAD")
            apix_easy_cleanup(reader)
        }
        // A handle without a cookie file: libcurl reads a handle's cookie files again before it writes the jar,
        // which would bring back what `commands` removed.
        guard let writer = apix_easy_init() else { return false }
        apix_easy_setopt_share(writer, share)
        for command in commands { apix_easy_setopt_string(writer, CURLOPT_COOKIELIST, command) }
        apix_easy_setopt_string(writer, CURLOPT_COOKIEJAR, path)
        apix_easy_setopt_string(writer, CURLOPT_COOKIELIST, "FLUSH")
        apix_easy_cleanup(writer)
        return true
    }

    /// Brings the share of the jar at `path` up to date with the file before an exchange starts: reads it only when
    /// it changed since this process last read it (another apix wrote it, or this one did). libcurl would read the
    /// whole file for every exchange (`CURLOPT_COOKIEFILE` on each new handle): a file open, read and parse per
    /// request. Under the lock, so exchanges starting at once all see the file's cookies, not only the first.
    static func loadIfChanged(_ path: String, into share: UnsafeMutableRawPointer) {
        read.withLock { read in
            // Taken before reading: a change made while libcurl reads is seen by the next exchange.
            let signature = FileSignature(path: path)
            guard signature != read[path] else { return }
            read[path] = signature
            guard signature != nil, let reader = apix_easy_init() else { return }
            apix_easy_setopt_share(reader, share)
            apix_easy_setopt_string(reader, CURLOPT_COOKIEFILE, path)
            apix_easy_setopt_string(reader, CURLOPT_COOKIELIST, "RELOAD")
            apix_easy_cleanup(reader)
        }
    }

    /// The `Cookie` field libcurl's engine writes into a request to `url` now (`RequestCookies`), from the share of
    /// the jar at `path` brought up to date with the file as an exchange starting now would; nil when none goes.
    /// `host`: the request's own `Host` header, which libcurl matches cookies against instead of the URL's.
    static func requestCookie(jar path: String, url: String, host: String?) -> String? {
        guard let components = URLComponents(string: url), let share = share(for: path),
            let easy = apix_easy_init()
        else { return nil }
        defer { apix_easy_cleanup(easy) }
        loadIfChanged(path, into: share)
        apix_easy_setopt_share(easy, share)
        return RequestCookies.header(lines: lines(of: easy), url: components, host: host, now: Date())
    }

    /// The cookies a handle's share holds (`CURLINFO_COOKIELIST`: Netscape lines, each host's in the order they
    /// were made).
    static func lines(of easy: UnsafeMutableRawPointer) -> [String] {
        var list: UnsafeMutablePointer<curl_slist>?
        guard apix_easy_getinfo_slist(easy, CURLINFO_COOKIELIST, &list) == CURLE_OK else { return [] }
        defer { apix_slist_free_all(list) }
        var lines: [String] = []
        var node = list
        while let current = node {
            if let data = current.pointee.data { lines.append(String(cString: data)) }
            node = current.pointee.next
        }
        return lines
    }

    /// After the jar file changed outside libcurl (a cookie deleted, the jar cleared): the share of this process, if
    /// any, forgets what it held and reads the file again, so the next exchange sends what the file says.
    static func reload(_ path: String) {
        guard let share = shares.withLock({ $0[path]?.pointer }), let easy = apix_easy_init() else { return }
        apix_easy_setopt_share(easy, share)
        apix_easy_setopt_string(easy, CURLOPT_COOKIELIST, "ALL")
        apix_easy_setopt_string(easy, CURLOPT_COOKIEFILE, path)
        apix_easy_setopt_string(easy, CURLOPT_COOKIELIST, "RELOAD")
        apix_easy_cleanup(easy)
    }
}

/// What tells one state of a file from another without reading it: device, inode, size and modification time
/// (nanoseconds); nil when there is no file.
private struct FileSignature: Equatable {
    let device: UInt
    let inode: UInt
    let size: Int
    let seconds: Int
    let nanoseconds: Int

    init?(path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        device = UInt(info.st_dev)
        inode = UInt(info.st_ino)
        size = Int(info.st_size)
        seconds = Int(info.st_mtim.tv_sec)
        nanoseconds = Int(info.st_mtim.tv_nsec)
    }
}
