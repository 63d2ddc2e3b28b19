import CCurl
import Synchronization

/// One libcurl cookie share per jar file, for the life of the process: exchanges of one profile and environment
/// that run at once see each other's cookies, and the jar written after one holds them all.
enum CookieShares {
    /// A share handle; libcurl locks it itself (`apix_cookie_share`), so it may be used from any thread.
    private struct Share: @unchecked Sendable {
        let pointer: UnsafeMutableRawPointer
    }

    private static let shares = Mutex<[String: Share]>([:])

    /// The share for the jar at `path`, made on first use (nil if libcurl cannot make one).
    static func share(for path: String) -> UnsafeMutableRawPointer? {
        shares.withLock { shares in
            if let share = shares[path] { return share.pointer }
            guard let pointer = apix_cookie_share() else { return nil }
            shares[path] = Share(pointer: pointer)
            return pointer
        }
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
