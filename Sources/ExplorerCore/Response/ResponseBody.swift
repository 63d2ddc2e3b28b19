import Foundation

/// A response body: bytes in memory, or a file on disk for large bodies and user-named downloads.
public struct ResponseBody: Sendable {
    enum Storage: Sendable {
        case memory(Data)
        case file(SpooledFile)
    }

    let storage: Storage

    public static let empty = ResponseBody(storage: .memory(Data()))

    public init(data: Data) {
        storage = .memory(data)
    }

    init(storage: Storage) {
        self.storage = storage
    }

    /// Size in bytes.
    public var count: Int64 {
        switch storage {
        case .memory(let data): Int64(data.count)
        case .file(let file): file.size
        }
    }

    /// The file holding the body, when it is not in memory.
    public var filePath: String? {
        if case .file(let file) = storage { return file.path }
        return nil
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
        case .file(let file):
            let handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: file.path))
            defer { try? handle.close() }
            if let limit { return try handle.read(upToCount: limit) ?? Data() }
            return try handle.readToEnd() ?? Data()
        }
    }
}

/// A body file on disk; a temporary one is removed when the last reference to it goes away.
final class SpooledFile: Sendable {
    let path: String
    let size: Int64
    let isTemporary: Bool

    init(path: String, size: Int64, isTemporary: Bool) {
        self.path = path
        self.size = size
        self.isTemporary = isTemporary
    }

    deinit {
        if isTemporary { unlink(path) }
    }
}
