import Foundation

/// Writes to stdout without going through `print`'s line buffering for large bodies.
enum StandardOutput {
    static func write(_ data: Data) {
        FileHandle.standardOutput.write(data)
    }

    static func write(_ text: String) {
        write(Data(text.utf8))
    }

    static var isTerminal: Bool { isatty(1) == 1 }

    /// Whether `path` is a terminal (`/dev/stdout` on one, `/dev/tty`); opening it neither creates nor truncates.
    /// Only a character device is opened to ask: opening and closing a FIFO's writing end would end the read of a
    /// process waiting on it (`cat FIFO` saw the end of its input, and the download then found no reader).
    static func isTerminal(path: String) -> Bool {
        var info = stat()
        guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFCHR else { return false }
        let fd = open(path, O_WRONLY | O_NOCTTY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        return isatty(fd) == 1
    }

    /// Copies a file to stdout in chunks (flat memory for any size).
    static func copy(file path: String) throws {
        let handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: path))
        defer { try? handle.close() }
        while let chunk = try handle.read(upToCount: 1 << 20), !chunk.isEmpty {
            write(chunk)
        }
    }
}
