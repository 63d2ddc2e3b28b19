#if canImport(Glibc)
    import Glibc
#endif

/// `posix_spawn` attributes for children started from apix (the external editor) and from its tests (tmux): no
/// blocked signals and the default handling of the ones apix or its threads change. Both would otherwise pass
/// through `exec`: the thread's blocked mask (a test runner's or a dispatch thread's blocks SIGTERM) and the SIG_IGN
/// apix sets while curses owns the screen (an editor ignoring SIGHUP outlives a closed terminal).
package enum SpawnAttributes {
    package static let resetSignals = [SIGHUP, SIGINT, SIGTERM, SIGTSTP, SIGPIPE, SIGCHLD]

    /// The attributes for `body`; with `newSession`, the child leads a session of its own (no terminal's signals
    /// reach it: a writer left to finish after apix has exited).
    package static func with<Result>(
        newSession: Bool = false, _ body: (UnsafePointer<posix_spawnattr_t>) throws -> Result
    ) rethrows -> Result {
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t()
        sigemptyset(&none)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for number in resetSignals { sigaddset(&defaults, number) }
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        // glibc's POSIX_SPAWN_SETSID (0x80), which Swift's Glibc module does not import (it is `__USE_GNU`).
        let session: Int32 = newSession ? 0x80 : 0
        posix_spawnattr_setflags(&attributes, Int16(Int32(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF) | session))
        return try withUnsafePointer(to: &attributes) { try body($0) }
    }
}
