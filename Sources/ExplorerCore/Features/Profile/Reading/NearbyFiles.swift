import Foundation

/// Profiles, and files `apix import` reads (OpenAPI and Swagger documents, Postman collections, Insomnia exports, HAR
/// captures, `.http` files, Bruno collections: directories), in the current directory when apix looked for profiles elsewhere (no `./profiles`, no
/// `--profiles`): what a user who ran apix beside their files meant. The "no profiles" and "no profile `x`" messages
/// name them with the command that reads them. Which files import is decided by `ImportFormat`, as `apix import`
/// decides it.
///
/// Read once, when the answer is "nothing found", never per frame: at most `maxFiles` names are looked at and
/// `maxBytes` of each file read.
package struct NearbyFiles: Sendable, Equatable {
    /// The directory looked in (the current one).
    package var directory: String
    /// Ids of the files there that read as profiles (a top-level `environments:`, the key every profile has).
    package var profiles: [String] = []
    /// Names of the files there that `apix import FILE` reads.
    package var imports: [String] = []

    static let maxFiles = 200
    static let maxBytes = 8 << 20

    /// What `directory` holds, or nil when it is the directory already searched or holds neither kind.
    package static func find(in directory: String, searched: String) -> NearbyFiles? {
        guard Self.standardized(directory) != Self.standardized(searched) else { return nil }
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).sorted()
        var found = NearbyFiles(directory: directory)
        // A Bruno collection is a directory (its `bruno.json` says so): this one, or one in it.
        if isBrunoCollection(directory) { found.imports.append(".") }
        for name in names.prefix(maxFiles) where !name.hasPrefix(".") {
            let lower = name.lowercased()
            let path = (directory as NSString).appendingPathComponent(name)
            guard Self.extensions.contains(where: { lower.hasSuffix($0) }) else {
                if isBrunoCollection(path) { found.imports.append(name) }
                continue
            }
            guard let text = Self.head(of: path) else { continue }
            if ImportFormat.importsAlone(text: text, name: lower) {
                found.imports.append(name)
            } else if ProfileLoader.isProfileFile(name), ImportFormat.hasTopLevelKey("environments", in: text) {
                found.profiles.append(ProfileLoader.id(forFile: name))
            }
        }
        return found.profiles.isEmpty && found.imports.isEmpty ? nil : found
    }

    /// The file of profile `id` in `directory` when it reads as a profile and `directory` is not the one searched:
    /// for "no profile `id`", which reads that one file only.
    package static func profileFile(_ id: String, in directory: String, searched: String) -> String? {
        guard standardized(directory) != standardized(searched),
            let file = ProfileLoader.file(forProfile: id, in: directory),
            let text = head(of: file), ImportFormat.hasTopLevelKey("environments", in: text)
        else { return nil }
        return file
    }

    /// One line per kind found, each with the command that reads it; `flag`: how the profiles' directory is given
    /// where the line is shown (`apix --profiles .` for the explorer, `--profiles .` after a command).
    package func hints(flag: String = "apix --profiles .") -> [String] {
        var lines: [String] = []
        if !profiles.isEmpty {
            lines.append("the profiles in this directory (\(Self.listed(profiles))): `\(flag)` reads them")
        }
        if let file = imports.first {
            let more = imports.count > 1 ? " (also: \(Self.listed(Array(imports.dropFirst()))))" : ""
            lines.append("a file apix imports is here: `apix import \(file)` makes a profile of it\(more)")
        }
        return lines
    }

    static func listed(_ names: [String]) -> String {
        names.count <= 3 ? names.joined(separator: ", ") : names.prefix(3).joined(separator: ", ") + ", …"
    }

    /// The names looked at.
    static let extensions = [".yaml", ".yml", ".json", ".har", ".http", ".rest"]

    /// Whether `path` is a directory holding a `bruno.json` (what `apix import` reads as a Bruno collection).
    static func isBrunoCollection(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue else {
            return false
        }
        return ImportFormat.detect(path: path) == .bruno
    }

    /// The file's text, or nil when it is not a regular file or is larger than `maxBytes`.
    static func head(of path: String) -> String? {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
            attributes[.type] as? FileAttributeType == .typeRegular,
            let size = attributes[.size] as? Int, size <= maxBytes,
            let data = FileManager.default.contents(atPath: path)
        else { return nil }
        return String(decoding: data, as: UTF8.self)
    }

    static func standardized(_ path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path
    }
}
