import ExplorerCore
import Foundation
import Synchronization

/// Where the TUI writes what it cannot show: a file under the state directory. Never stdout while curses owns
/// the screen.
final class LogFile: Sendable {
    package let path: String
    private let lock = Mutex(())

    package init(name: String = "tui.log", directory: String = StateDirectory.path()) {
        let warning = StateDirectory.prepare(directory)
        path = (directory as NSString).appendingPathComponent(name)
        if let warning { write(warning) }
    }

    package func write(_ line: String) {
        lock.withLock { _ in
            let stamp = ISO8601DateFormatter().string(from: Date())
            let data = Data("\(stamp) \(line)\n".utf8)
            if let handle = FileHandle(forWritingAtPath: path) {
                handle.seekToEndOfFile()
                handle.write(data)
                try? handle.close()
            } else {
                _ = FileManager.default.createFile(atPath: path, contents: data, attributes: [.posixPermissions: 0o600])
            }
        }
    }
}
