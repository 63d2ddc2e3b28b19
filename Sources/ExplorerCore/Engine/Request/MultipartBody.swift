import Foundation

/// A `multipart/form-data` body whose file parts are streamed from disk.
public struct MultipartBody: Sendable, Equatable {
    public enum Content: Sendable, Equatable {
        case text(String)
        case file(path: String, filename: String?, contentType: String?)
    }

    public struct Part: Sendable, Equatable {
        public var name: String
        public var content: Content

        package init(name: String, content: Content) {
            self.name = name
            self.content = content
        }
    }

    public var parts: [Part]
    public var boundary: String

    package init(parts: [Part], boundary: String = MultipartBody.randomBoundary()) {
        self.parts = parts
        self.boundary = boundary
    }

    public var contentType: String { "multipart/form-data; boundary=\(boundary)" }

    package static func randomBoundary() -> String {
        // 96 random bits as 24 hex digits, from two draws (one system call each).
        var generator = SystemRandomNumberGenerator()
        let high = String(generator.next(), radix: 16)
        let low = String(generator.next() >> 32, radix: 16)
        return "apix-boundary-" + String(repeating: "0", count: 16 - high.count) + high
            + String(repeating: "0", count: 8 - low.count) + low
    }

    /// The body as segments: small in-memory framing around each part, files by reference.
    func segments() throws(RequestBuildError) -> [BodySegment] {
        var segments: [BodySegment] = []
        var pending = Data()
        for part in parts {
            pending.append(contentsOf: Array("--\(boundary)\r\n".utf8))
            switch part.content {
            case .text(let value):
                pending.append(
                    contentsOf: Array("Content-Disposition: form-data; name=\"\(Self.quoted(part.name))\"\r\n\r\n".utf8)
                )
                pending.append(contentsOf: Array(value.utf8))
            case .file(let path, let filename, let contentType):
                let name = filename ?? (path as NSString).lastPathComponent
                let type = contentType ?? MediaType.guess(forPath: path)
                let head =
                    "Content-Disposition: form-data; name=\"\(Self.quoted(part.name))\"; "
                    + "filename=\"\(Self.quoted(name))\"\r\nContent-Type: \(type)\r\n\r\n"
                pending.append(contentsOf: Array(head.utf8))
                segments.append(.bytes(pending))
                pending = Data()
                segments.append(try BodySegment.file(at: path))
            }
            pending.append(contentsOf: Array("\r\n".utf8))
        }
        pending.append(contentsOf: Array("--\(boundary)--\r\n".utf8))
        segments.append(.bytes(pending))
        return segments
    }

    /// Quotes per the HTML form encoding rules: `"` and line breaks are percent-escaped.
    static func quoted(_ value: String) -> String {
        value.replacingScalars(["\"": "%22", "\r": "%0D", "\n": "%0A"])
    }
}
