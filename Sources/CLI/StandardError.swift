import ExplorerCore
import Foundation

/// Unbuffered writes to stderr.
///
/// Every message line goes through `SafeText` (newlines kept): a line may quote what a server sent (a reason phrase,
/// a token server's error, a `Location`), and no server-controlled byte may reach the terminal raw. Only `write`, for
/// the progress line's own cursor control, writes as it is given.
enum StandardError {
    static func write(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }

    static func writeLine(_ text: String) {
        write(SafeText.escape(text, keepNewlines: true) + "\n")
    }

    static var isTerminal: Bool { isatty(2) == 1 }
}
