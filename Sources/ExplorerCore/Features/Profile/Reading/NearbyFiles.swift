import Foundation

/// Profiles and API descriptions in the current directory when apix looked for profiles elsewhere (no `./profiles`,
/// no `--profiles`): what a user who ran apix beside their files meant. The "no profiles" and "no profile `x`"
/// messages name them with the command that reads them.
///
/// Read once, when the answer is "nothing found", never per frame: at most `maxFiles` names are looked at and
/// `maxBytes` of each file read.
package struct NearbyFiles: Sendable, Equatable {
    /// The directory looked in (the current one).
    package var directory: String
    /// Ids of the files there that read as profiles (a top-level `environments:`, the key every profile has).
    package var profiles: [String] = []
    /// Names of the files there that are OpenAPI or Swagger documents.
    package var specs: [String] = []

    static let maxFiles = 200
    static let maxBytes = 8 << 20

    /// What `directory` holds, or nil when it is the directory already searched or holds neither kind.
    package static func find(in directory: String, searched: String) -> NearbyFiles? {
        guard Self.standardized(directory) != Self.standardized(searched) else { return nil }
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).sorted()
        var found = NearbyFiles(directory: directory)
        for name in names.prefix(maxFiles) where !name.hasPrefix(".") {
            let lower = name.lowercased()
            guard lower.hasSuffix(".yaml") || lower.hasSuffix(".yml") || lower.hasSuffix(".json") else { continue }
            let path = (directory as NSString).appendingPathComponent(name)
            guard let text = Self.head(of: path) else { continue }
            if Self.isSpec(text) {
                found.specs.append(name)
            } else if ProfileLoader.isProfileFile(name), Self.hasTopLevelKey("environments", in: text) {
                found.profiles.append(ProfileLoader.id(forFile: name))
            }
        }
        return found.profiles.isEmpty && found.specs.isEmpty ? nil : found
    }

    /// One line per kind found, each with the command that reads it; `flag`: how the profiles' directory is given
    /// where the line is shown (`apix --profiles .` for the explorer, `--profiles .` after a command).
    package func hints(flag: String = "apix --profiles .") -> [String] {
        var lines: [String] = []
        if !profiles.isEmpty {
            lines.append("the profiles in this directory (\(Self.listed(profiles))): `\(flag)` reads them")
        }
        if let spec = specs.first {
            let more = specs.count > 1 ? " (also: \(Self.listed(Array(specs.dropFirst()))))" : ""
            lines.append("an API description is here: `apix import openapi \(spec)` makes a profile of it\(more)")
        }
        return lines
    }

    static func listed(_ names: [String]) -> String {
        names.count <= 3 ? names.joined(separator: ", ") : names.prefix(3).joined(separator: ", ") + ", …"
    }

    /// Whether `text` is an OpenAPI or Swagger document: the version key at the top level, in YAML or JSON.
    static func isSpec(_ text: String) -> Bool {
        if text.first == "{" {
            guard let json = try? JSONValue.parse(Data(text.utf8)) else { return false }
            return json["openapi"] != nil || json["swagger"] != nil
        }
        return hasTopLevelKey("openapi", in: text) || hasTopLevelKey("swagger", in: text)
    }

    /// Whether a line of `text` starts with `key:` (a top-level YAML key, wherever it is: keys may be sorted).
    static func hasTopLevelKey(_ key: String, in text: String) -> Bool {
        let prefix = key + ":"
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
