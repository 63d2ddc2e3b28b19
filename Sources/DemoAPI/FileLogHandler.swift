import Logging

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A `LogHandler` appending one line per message to a file, so the server can log while the TUI owns stdout.
struct FileLogHandler: LogHandler {
    /// An open log file. Lines go out with one `write(2)` each on an `O_APPEND` descriptor, which the kernel
    /// serializes, so concurrent loggers need no lock.
    final class Sink: Sendable {
        let descriptor: Int32

        /// Opens (creating if needed) `path` for appending, readable by its owner only (requests logged there may
        /// name what users sent); `nil` when it cannot be opened.
        init?(path: String) {
            let descriptor = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o600)
            guard descriptor >= 0 else { return nil }
            // A log left 0644 by an earlier version is narrowed too (a file of another user's stays as it is).
            _ = fchmod(descriptor, 0o600)
            self.descriptor = descriptor
        }

        deinit {
            close(descriptor)
        }

        func write(_ line: String) {
            var line = line
            line.withUTF8 { bytes in
                // A failed or short write loses a log line; never worth failing a request over.
                #if canImport(Glibc)
                    _ = Glibc.write(descriptor, bytes.baseAddress, bytes.count)
                #else
                    _ = Darwin.write(descriptor, bytes.baseAddress, bytes.count)
                #endif
            }
        }
    }

    let sink: Sink
    let label: String
    var logLevel: Logger.Level = .info
    var metadata: Logger.Metadata = [:]

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        let merged = metadata.merging(event.metadata ?? [:]) { _, new in new }
        let details = merged.sorted { $0.key < $1.key }.map { " \($0.key)=\($0.value)" }.joined()
        sink.write("\(HTTPDate.format(HTTPDate.now())) \(event.level) \(label): \(event.message)\(details)\n")
    }

    /// The server's logger: writing to `path` when given (falling back to discarding if it cannot be opened),
    /// otherwise discarding everything. Never stdout: the TUI owns the terminal.
    static func logger(label: String, path: String?) -> Logger {
        if let path, let sink = Sink(path: path) {
            return Logger(label: label) { label in FileLogHandler(sink: sink, label: label) }
        }
        return Logger(label: label) { _ in SwiftLogNoOpLogHandler() }
    }
}
