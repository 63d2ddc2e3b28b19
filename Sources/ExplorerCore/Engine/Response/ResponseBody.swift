import Foundation

/// A response body: bytes in memory, or a file on disk for large bodies and user-named downloads.
public struct ResponseBody: Sendable {
    enum Storage: Sendable {
        case memory(Data)
        case file(SpooledFile)
        /// Passed on as it arrived (`TransferOptions.overflowDescriptor`): only its size is known here.
        case streamed(Int64)
    }

    let storage: Storage

    package static let empty = ResponseBody(storage: .memory(Data()))

    package init(data: Data) {
        storage = .memory(data)
    }

    init(storage: Storage) {
        self.storage = storage
    }

    /// A body in a file the caller keeps (it is not removed with the body): `size` bytes at `path`.
    package init(file path: String, size: Int64) {
        storage = .file(SpooledFile(path: path, size: size, isTemporary: false))
    }

    /// Size in bytes.
    public var count: Int64 {
        switch storage {
        case .memory(let data): Int64(data.count)
        case .file(let file): file.size
        case .streamed(let count): count
        }
    }

    /// Whether the body went on as it arrived (past `TransferOptions.maxBody`): none of it is kept.
    public var wasStreamed: Bool {
        if case .streamed = storage { return true }
        return false
    }

    /// The file holding the body, when it is not in memory.
    public var filePath: String? {
        if case .file(let file) = storage { return file.path }
        return nil
    }

    /// The file the body was written to when its bytes cannot be read back from it: a device or a pipe
    /// (`-o /dev/null`, a FIFO), where reading again would find nothing, or other bytes, instead of the body.
    var unreadableFile: String? {
        guard case .file(let file) = storage, !file.isTemporary else { return nil }
        var info = stat()
        guard stat(file.path, &info) == 0 else { return nil }
        return InPlaceFile.applies(to: file.path, info: info) ? file.path : nil
    }

    /// Whether the file is apix's own temporary spool (deleted when the last copy of this body goes away).
    var isSpooled: Bool {
        if case .file(let file) = storage { return file.isTemporary }
        return false
    }

    /// The bytes. Reads the file when the body was spooled; pass `limit` to read at most that many.
    public func data(limit: Int? = nil) throws -> Data {
        switch storage {
        case .memory(let data):
            guard let limit, data.count > limit else { return data }
            return data.prefix(limit)
        case .streamed:
            return Data()
        case .file(let file):
            let handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: file.path))
            defer { try? handle.close() }
            if let limit { return try handle.read(upToCount: limit) ?? Data() }
            return try handle.readToEnd() ?? Data()
        }
    }
}

extension ResponseBody {
    /// Hands the bytes over in pieces of at most `size` (the last may be shorter), reading a file body as it goes:
    /// memory stays at one piece whatever the body's size.
    public func forEachChunk(ofSize size: Int, _ body: (Data) throws -> Void) throws {
        switch storage {
        case .memory(let data):
            var start = data.startIndex
            while start < data.endIndex {
                let end = min(start + size, data.endIndex)
                try body(data[start..<end])
                start = end
            }
        case .streamed:
            return
        case .file(let file):
            let handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: file.path))
            defer { try? handle.close() }
            while let chunk = try handle.read(upToCount: size), !chunk.isEmpty {
                try body(chunk)
            }
        }
    }
}

/// A body file on disk; a temporary one is removed when the last reference to it goes away.
final class SpooledFile: Sendable {
    let path: String
    let size: Int64
    let isTemporary: Bool
    /// The open descriptor of an unlinked temporary file (`path` is then its `/proc/self/fd` name), closed last.
    let descriptor: Int32?

    init(path: String, size: Int64, isTemporary: Bool, descriptor: Int32? = nil) {
        self.path = path
        self.size = size
        self.isTemporary = isTemporary
        self.descriptor = descriptor
    }

    deinit {
        if let descriptor {
            close(descriptor)
        } else if isTemporary {
            unlink(path)
        }
    }
}
