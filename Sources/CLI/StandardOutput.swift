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

    /// Copies a file to stdout in chunks (flat memory for any size).
    static func copy(file path: String) throws {
        let handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: path))
        defer { try? handle.close() }
        while let chunk = try handle.read(upToCount: 1 << 20), !chunk.isEmpty {
            write(chunk)
        }
    }
}
