import CPseudoTerminal
import Foundation
import Synchronization

/// A pseudo-terminal for the terminal cases: curses (in this process, or a child `apix`) owns the secondary
/// side; the benchmark types keys into the primary side and a reader thread drains and timestamps what curses
/// writes, so a frame never blocks on a full terminal buffer.
final class PseudoTerminal: Sendable {
    let primary: Int32
    let secondary: Int32
    private let log = Mutex(OutputLog())
    private let stopping = Atomic<Bool>(false)
    private let finished = Atomic<Bool>(false)

    /// What curses wrote so far: the bytes, with when each read returned.
    struct OutputLog {
        var bytes = Data()
        /// (end offset in `bytes`, monotonic seconds) per read.
        var reads: [(end: Int, at: Double)] = []
        var isClosed = false
    }

    init(columns: Int, rows: Int) throws {
        var primary: Int32 = -1
        var secondary: Int32 = -1
        guard apix_openpty(&primary, &secondary, UInt16(columns), UInt16(rows)) == 0 else {
            throw BenchmarkError("openpty failed: \(String(cString: strerror(errno)))")
        }
        self.primary = primary
        self.secondary = secondary
        let thread = Thread { [self] in drain() }
        thread.name = "apix-bench-pty"
        thread.start()
    }

    deinit {
        close(primary)
        if secondary >= 0 { close(secondary) }
    }

    /// Stops the reader (it notices within 50 ms); call before dropping the terminal.
    func stop() {
        stopping.store(true, ordering: .relaxed)
        while !finished.load(ordering: .acquiring) { usleep(1000) }
    }

    /// Types `text` (keys as the terminal would send them) and returns when it was written.
    @discardableResult
    func type(_ text: String) -> Double {
        let bytes = Array(text.utf8)
        let at = Subprocess.now()
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { write(primary, $0.baseAddress, $0.count) }
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else { break }
            offset += written
        }
        return at
    }

    /// How many bytes curses has written so far.
    var byteCount: Int { log.withLock { $0.bytes.count } }

    /// Waits until `marker` appears in the output after byte `offset` (escape sequences removed first); returns
    /// when the read that completed it returned, or nil after `timeout` seconds or when the terminal closed.
    func waitFor(_ marker: String, after offset: Int = 0, timeout: Double) -> Double? {
        let deadline = Subprocess.now() + timeout
        let needle = Array(marker.utf8)
        var scanned = offset
        var text: [UInt8] = []
        var filter = EscapeFilter()
        while Subprocess.now() < deadline {
            let (chunk, reads, closed) = log.withLock { log -> (Data, [(end: Int, at: Double)], Bool) in
                (log.bytes.count > scanned ? log.bytes[scanned...] : Data(), log.reads, log.isClosed)
            }
            for byte in chunk {
                scanned += 1
                guard let kept = filter.feed(byte) else { continue }
                text.append(kept)
                if text.count >= needle.count, text.suffix(needle.count).elementsEqual(needle) {
                    return reads.first { $0.end >= scanned }?.at
                }
            }
            if closed { return nil }
            usleep(500)
        }
        return nil
    }

    /// Waits for output after byte `offset`, then for a pause of `quiet` seconds; returns when the last read
    /// before the pause returned (the end of the frame), or nil when nothing came within `timeout` seconds.
    func frameEnd(after offset: Int, quiet: Double, timeout: Double) -> Double? {
        let deadline = Subprocess.now() + timeout
        while Subprocess.now() < deadline {
            let last = log.withLock { log in log.bytes.count > offset ? log.reads.last?.at : nil }
            if let last, Subprocess.now() - last >= quiet { return last }
            usleep(500)
        }
        return nil
    }

    /// The reader: drains the primary side until asked to stop or the other side is gone.
    private func drain() {
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        var poller = pollfd(fd: primary, events: Int16(POLLIN), revents: 0)
        while !stopping.load(ordering: .relaxed) {
            guard poll(&poller, 1, 50) > 0 else { continue }
            let count = buffer.withUnsafeMutableBytes { read(primary, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            let at = Subprocess.now()
            guard count > 0 else {
                // EIO: every secondary descriptor is closed (the child exited).
                log.withLock { $0.isClosed = true }
                break
            }
            log.withLock { log in
                log.bytes.append(contentsOf: buffer[..<count])
                log.reads.append((log.bytes.count, at))
            }
        }
        finished.store(true, ordering: .releasing)
    }
}

/// Drops terminal escape sequences (CSI, OSC, charset selection) from a byte stream, keeping the text.
struct EscapeFilter {
    private enum Mode {
        case text, escape, csi, osc, charset
    }

    private var mode = Mode.text

    mutating func feed(_ byte: UInt8) -> UInt8? {
        switch mode {
        case .text:
            if byte == 0x1B {
                mode = .escape
                return nil
            }
            return byte < 0x20 ? nil : byte
        case .escape:
            switch byte {
            case UInt8(ascii: "["): mode = .csi
            case UInt8(ascii: "]"): mode = .osc
            case UInt8(ascii: "("), UInt8(ascii: ")"): mode = .charset
            default: mode = .text
            }
        case .csi:
            if (0x40...0x7E).contains(byte) { mode = .text }
        case .osc:
            if byte == 0x07 { mode = .text }
            if byte == 0x1B { mode = .escape }
        case .charset:
            mode = .text
        }
        return nil
    }
}
