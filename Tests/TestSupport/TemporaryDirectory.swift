import Foundation

/// A scratch directory removed when the value goes away.
package final class TemporaryDirectory: Sendable {
    package let path: String

    package init() throws {
        var template = Array("/tmp/apix-test-XXXXXX".utf8CString)
        guard let result = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
            throw CocoaError(.fileWriteUnknown)
        }
        path = String(cString: result)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }

    package func file(_ name: String) -> String { (path as NSString).appendingPathComponent(name) }

    @discardableResult
    package func write(_ name: String, _ text: String) throws -> String {
        let target = file(name)
        try text.write(toFile: target, atomically: true, encoding: .utf8)
        return target
    }

    /// A program (mode 0755) holding `text`, written through a descriptor opened close-on-exec. A descriptor
    /// without it (Foundation's writes) is inherited by every child another test starts meanwhile, and while one of
    /// them (a server that runs for the whole test) holds the file open for writing, running it fails with "Text
    /// file busy". Close-on-exec leaves only the moment between another child's fork and its exec.
    package func writeProgram(_ name: String, _ text: String) throws -> String {
        let target = file(name)
        let descriptor = open(target, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o755)
        guard descriptor >= 0 else { throw CocoaError(.fileWriteUnknown) }
        defer { close(descriptor) }
        let bytes = Array(text.utf8)
        let written = bytes.withUnsafeBytes { Foundation.write(descriptor, $0.baseAddress, $0.count) }
        guard written == bytes.count else { throw CocoaError(.fileWriteUnknown) }
        return target
    }

    /// A file of `size` bytes with a repeating pattern, written in chunks.
    @discardableResult
    package func writePattern(_ name: String, size: Int) throws -> String {
        let target = file(name)
        _ = FileManager.default.createFile(atPath: target, contents: nil)
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: target))
        defer { try? handle.close() }
        let chunk = Data((0..<(1 << 20)).map { UInt8(truncatingIfNeeded: $0 % 251) })
        var remaining = size
        while remaining > 0 {
            let count = min(remaining, chunk.count)
            try handle.write(contentsOf: chunk.prefix(count))
            remaining -= count
        }
        return target
    }
}
