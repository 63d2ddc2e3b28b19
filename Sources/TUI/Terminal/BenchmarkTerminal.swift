import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The app's real curses backend on a terminal given by file descriptor (the slave side of a pseudo-terminal), so
/// `apix-bench` can time frames and key reads on a real terminal without giving up its own stdin and stdout.
///
/// Not part of the app's API: `@_spi(Benchmarks) import TUI`.
@_spi(Benchmarks)
@MainActor
public final class BenchmarkTerminal {
    private let backend = NcursesBackend()
    private let input: UnsafeMutablePointer<FILE>
    private let output: UnsafeMutablePointer<FILE>

    /// Starts curses on `fileDescriptor` (which stays the caller's to close); nil when it cannot.
    public init?(fileDescriptor: Int32, type: String = "xterm-256color", noColor: Bool = false) {
        // Own duplicates, so closing the streams leaves the caller's descriptor alone.
        guard let input = fdopen(dup(fileDescriptor), "r") else { return nil }
        guard let output = fdopen(dup(fileDescriptor), "w") else {
            fclose(input)
            return nil
        }
        self.input = input
        self.output = output
        guard backend.start(noColor: noColor, type: type, input: input, output: output) else {
            fclose(input)
            fclose(output)
            return nil
        }
    }

    /// Columns and rows, as curses read them from the terminal.
    public var size: (width: Int, height: Int) { backend.size }

    /// Whether curses draws in colour (the theme the app would pick).
    public var usesColor: Bool { backend.usesColor }

    /// Copies a frame to the terminal exactly as the app does (changed cells only, then one refresh).
    public func draw(_ frame: ScreenBuffer) {
        backend.draw(frame)
    }

    /// The next key, waiting at most `timeout` milliseconds; nil on a timeout or a resize.
    public func readKey(timeout: Int32) -> Key? {
        if case .key(let key)? = backend.readKey(timeout: timeout) { return key }
        return nil
    }

    /// Ends curses and closes the streams; the terminal can be dropped after this.
    public func stop() {
        guard backend.isActive else { return }
        backend.stop()
        fclose(input)
        fclose(output)
    }
}
