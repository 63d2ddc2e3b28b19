import Foundation

/// Unbuffered writes to stderr.
enum StandardError {
    static func write(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }

    static func writeLine(_ text: String) {
        write(text + "\n")
    }

    static var isTerminal: Bool { isatty(2) == 1 }
}
