import Foundation

/// Nanoseconds on the monotonic clock, for the transport's timings and its idle spin (no allocation, no actor).
func monotonicNanos() -> UInt64 {
    var spec = timespec()
    clock_gettime(CLOCK_MONOTONIC, &spec)
    return UInt64(spec.tv_sec) * 1_000_000_000 + UInt64(spec.tv_nsec)
}
