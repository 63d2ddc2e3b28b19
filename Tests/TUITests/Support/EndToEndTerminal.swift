import Testing

/// Every suite that drives the real binary in tmux, run one test at a time across suites. Their waits hold a thread
/// of the test run's shared pool (a tmux command, a poll); two or more suites at once took every thread of a
/// 2-core machine for minutes, and the in-process runtime tests, whose transfers need those threads, timed out.
@Suite("TUI end to end, in tmux", .serialized)
enum EndToEndTerminal {}
