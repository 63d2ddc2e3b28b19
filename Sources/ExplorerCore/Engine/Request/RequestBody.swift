import Foundation

/// What a request sends after its headers. Files are streamed from disk when sent, never read whole.
public enum RequestBody: Sendable, Equatable {
    case none
    /// Bytes held in memory (JSON, form, text).
    case bytes(Data, contentType: String?)
    /// A file sent as-is (`@path` bodies).
    case file(path: String, contentType: String?)
    case multipart(MultipartBody)

    /// The `Content-Type` this body implies, if any.
    public var contentType: String? {
        switch self {
        case .none: nil
        case .bytes(_, let type), .file(_, let type): type
        case .multipart(let body): body.contentType
        }
    }

    public var isEmpty: Bool {
        if case .none = self { return true }
        return false
    }

    /// The pieces the transport reads in order. Throws when a file is missing or unreadable.
    func segments() throws(RequestBuildError) -> [BodySegment] {
        switch self {
        case .none: return []
        case .bytes(let data, _): return [.bytes(data)]
        case .file(let path, _): return [try BodySegment.file(at: path)]
        case .multipart(let body): return try body.segments()
        }
    }
}

/// One contiguous piece of an upload: bytes in memory or a whole file on disk.
enum BodySegment: Sendable, Equatable {
    case bytes(Data)
    case file(path: String, size: Int64)

    package var count: Int64 {
        switch self {
        case .bytes(let data): Int64(data.count)
        case .file(_, let size): size
        }
    }

    static func file(at path: String) throws(RequestBuildError) -> BodySegment {
        var info = stat()
        guard stat(path, &info) == 0 else {
            throw RequestBuildError(.unreadableFile(path: path, reason: String(cString: strerror(errno))))
        }
        guard (info.st_mode & S_IFMT) == S_IFREG else {
            throw RequestBuildError(.unreadableFile(path: path, reason: "not a regular file"))
        }
        guard access(path, R_OK) == 0 else {
            throw RequestBuildError(.unreadableFile(path: path, reason: String(cString: strerror(errno))))
        }
        return .file(path: path, size: Int64(info.st_size))
    }
}
