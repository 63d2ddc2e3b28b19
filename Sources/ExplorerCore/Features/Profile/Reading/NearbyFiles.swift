import Foundation

/// Profiles, and files `apix import` reads (OpenAPI and Swagger documents, Postman collections, Insomnia exports, HAR
/// captures, `.http` files), in the current directory when apix looked for profiles elsewhere (no `./profiles`, no
/// `--profiles`): what a user who ran apix beside their files meant. The "no profiles" and "no profile `x`" messages
/// name them with the command that reads them. Which files import is decided as `ImportFormat` decides it
/// (`NearbyImportAgreementTests` holds the two together on every sample).
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
        for name in names.prefix(maxFiles) where !name.hasPrefix(".") {
            let lower = name.lowercased()
            guard Self.extensions.contains(where: { lower.hasSuffix($0) }) else { continue }
            let path = (directory as NSString).appendingPathComponent(name)
            guard let text = Self.head(of: path) else { continue }
            if Self.isImportable(text, name: lower) {
                found.imports.append(name)
            } else if ProfileLoader.isProfileFile(name), Self.hasTopLevelKey("environments", in: text) {
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
            let text = head(of: file), hasTopLevelKey("environments", in: text)
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

    /// Whether `apix import FILE` reads `text` (`name` lower-cased): an OpenAPI or Swagger document, a Postman
    /// collection, an Insomnia export or a HAR capture by their content, a `.http` / `.rest` file by its name.
    static func isImportable(_ text: String, name: String) -> Bool {
        if name.hasSuffix(".http") || name.hasSuffix(".rest") { return true }
        let body = text.hasPrefix("\u{FEFF}") ? String(text.dropFirst()) : text
        if let json = try? JSONValue.parse(Data(body.utf8)) {
            if json["openapi"] != nil || json["swagger"] != nil || json["__export_format"] != nil { return true }
            if json["log"]?["entries"] != nil { return true }
            let schema = json["info"]?["schema"]?.stringValue ?? ""
            return schema.contains("getpostman.com") || json["info"]?["_postman_id"] != nil
        }
        return hasTopLevelKey("openapi", in: body) || hasTopLevelKey("swagger", in: body)
            || hasTopLevelKey("type: collection.insomnia.rest/", in: body)
            || hasTopLevelKey("type: spec.insomnia.rest/", in: body)
    }

    /// Whether a line of `text` starts with `key:` (a top-level YAML key, wherever it is: keys may be sorted), or
    /// with `key` itself when it holds its colon (`type: spec.insomnia.rest/`).
    static func hasTopLevelKey(_ key: String, in text: String) -> Bool {
        let prefix = key.contains(":") ? key : key + ":"
        if text.hasPrefix(prefix) { return true }
        // One pass over the bytes, not a split into lines: a spec can be megabytes.
        let needle = Array(prefix.utf8)
        var text = text
        return text.withUTF8 { bytes in
            var index = 0
            while index < bytes.count {
                if bytes[index] == UInt8(ascii: "\n"), bytes.count - index - 1 >= needle.count,
                    needle.indices.allSatisfy({ bytes[index + 1 + $0] == needle[$0] })
                {
                    return true
                }
                index += 1
            }
            return false
        }
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
