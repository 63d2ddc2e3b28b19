#if canImport(Glibc)
    import Glibc
#endif

/// `posix_spawn` attributes for children started from apix (the external editor) and from its tests (tmux): no
/// blocked signals and the default handling of the ones apix or its threads change. Both would otherwise pass
/// through `exec`: the thread's blocked mask (a test runner's or a dispatch thread's blocks SIGTERM) and the SIG_IGN
/// apix sets while curses owns the screen (an editor ignoring SIGHUP outlives a closed terminal).
public enum SpawnAttributes {
    public static let resetSignals = [SIGHUP, SIGINT, SIGTERM, SIGTSTP, SIGPIPE, SIGCHLD]

    public static func with<Result>(_ body: (UnsafePointer<posix_spawnattr_t>) throws -> Result) rethrows -> Result {
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
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        return try withUnsafePointer(to: &attributes) { try body($0) }
    }
}
