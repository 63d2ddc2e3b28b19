import Foundation

/// One profile's stored responses on disk, replaced atomically on every change and readable only by the user
/// (mode 0600, directory 0700), since it may hold authorised responses.
///
/// Layout: the line `apix-cache 1`, a line with the byte length of a JSON header (salt, records without bodies,
/// body lengths), the header, then the bodies back to back. Raw bodies keep saving and loading a full cache fast.
struct CacheFile: Sendable {
    static let magic = "apix-cache 1\n"

    private struct Header: Codable {
        var salt: String
        var entries: [CachedResponse]
        var bodyLengths: [Int]
    }

    /// Salts the identity and `Vary` digests of this profile's entries (see `CacheKey`).
    var salt: String
    /// Least recently used first.
    var entries: [CachedResponse]

    /// A new random salt.
    static func makeSalt() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<4).map { _ in String(generator.next() as UInt64, radix: 16) }.joined(separator: "-")
    }

    /// The file at `path`, or `nil` when there is none.
    static func read(_ path: String) throws(CacheError) -> CacheFile? {
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw CacheError(.unreadable(error.localizedDescription), path: path)
        }
        return try decode(data, path: path)
    }

    static func decode(_ data: Data, path: String) throws(CacheError) -> CacheFile {
        func corrupt(_ detail: String) -> CacheError { CacheError(.corrupt(detail), path: path) }
        let magic = Data(Self.magic.utf8)
        guard data.starts(with: magic) else { throw corrupt("not an apix cache file") }
        var offset = data.startIndex + magic.count
        guard let newline = data[offset...].prefix(24).firstIndex(of: UInt8(ascii: "\n")),
            let length = Int(String(decoding: data[offset..<newline], as: UTF8.self)), length >= 0,
            length <= data.endIndex - newline - 1
        else { throw corrupt("bad header length") }
        offset = newline + 1
        let header: Header
        do {
            header = try JSONDecoder().decode(Header.self, from: data[offset..<offset + length])
        } catch {
            throw corrupt("bad header (\(summary(of: error)))")
        }
        offset += length
        guard header.bodyLengths.count == header.entries.count, header.bodyLengths.allSatisfy({ $0 >= 0 }),
            header.bodyLengths.reduce(0, +) == data.endIndex - offset
        else { throw corrupt("the bodies do not match the header") }
        var entries = header.entries
        for index in entries.indices {
            let end = offset + header.bodyLengths[index]
            entries[index].body = Data(data[offset..<end])
            offset = end
        }
        return CacheFile(salt: header.salt, entries: entries)
    }

    func encoded() throws -> Data {
        let header = try JSONEncoder().encode(
            Header(salt: salt, entries: entries, bodyLengths: entries.map(\.body.count)))
        var data = Data(Self.magic.utf8)
        data.reserveCapacity(data.count + 24 + header.count + entries.reduce(0) { $0 + $1.body.count })
        data.append(contentsOf: "\(header.count)\n".utf8)
        data.append(header)
        for entry in entries { data.append(entry.body) }
        return data
    }

    /// Replaces the file atomically (`AtomicFile`), so readers see the old or the new file, whole.
    func write(to path: String) throws(CacheError) {
        let directory = (path as NSString).deletingLastPathComponent
        let data: Data
        do {
            try FileManager.default.createDirectory(
                atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            data = try encoded()
        } catch {
            throw CacheError(.unwritable(error.localizedDescription), path: path)
        }
        do {
            try AtomicFile.write(data, to: path, options: .userOnly)
        } catch {
            throw CacheError(.unwritable(error.detail), path: path)
        }
    }

    /// The decoding error in a few words (its coding path and what was wrong).
    private static func summary(of error: any Error) -> String {
        guard let decoding = error as? DecodingError else { return "\(error)" }
        switch decoding {
        case .dataCorrupted(let context), .keyNotFound(_, let context), .typeMismatch(_, let context),
            .valueNotFound(_, let context):
            let path = context.codingPath.map(\.stringValue).joined(separator: ".")
            return path.isEmpty ? context.debugDescription : "\(path): \(context.debugDescription)"
        @unknown default:
            return "\(error)"
        }
    }
}
