import Foundation

/// Small helpers around media types: guessing from a file name, recognising JSON and text.
package enum MediaType {
    static func guess(forPath path: String) -> String {
        let lower = path.lowercased()
        return extensions.first { lower.hasSuffix($0.0) }?.1 ?? "application/octet-stream"
    }

    /// File name extensions and the types they stand for; the first of a type is the one a file of it gets.
    private static let extensions: [(String, String)] = [
        (".json", "application/json"), (".txt", "text/plain"), (".csv", "text/csv"),
        (".html", "text/html"), (".xml", "application/xml"), (".png", "image/png"),
        (".jpg", "image/jpeg"), (".jpeg", "image/jpeg"), (".gif", "image/gif"), (".pdf", "application/pdf"),
        (".yaml", "application/yaml"), (".yml", "application/yaml"), (".zip", "application/zip"),
        (".gz", "application/gzip"),
    ]

    /// The extension (without the dot) a file of `contentType` gets (`image/png` → `png`, any `+json` → `json`);
    /// nil for types without one here.
    package static func fileExtension(for contentType: String?) -> String? {
        guard let contentType else { return nil }
        let essence = essence(of: contentType)
        if isJSON(essence) { return "json" }
        return extensions.first { $0.1 == essence }.map { String($0.0.dropFirst()) }
    }

    /// The bare `type/subtype`, lower-cased, without parameters.
    static func essence(of contentType: String) -> String {
        // Trimmed of the spaces and tabs HTTP allows around it by hand: this runs on every answer, and Foundation's
        // `trimmingCharacters` bridges through NSString (its first use costs an `apix run` a quarter millisecond).
        var bare = contentType.utf8.prefix { $0 != UInt8(ascii: ";") }
        let blank = { (byte: UInt8) in byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
        while let first = bare.first, blank(first) { bare = bare.dropFirst() }
        while let last = bare.last, blank(last) { bare = bare.dropLast() }
        return String(decoding: bare, as: UTF8.self).lowercased()
    }

    package static func isJSON(_ contentType: String?) -> Bool {
        guard let contentType else { return false }
        let essence = essence(of: contentType)
        return essence == "application/json" || essence.hasSuffix("+json")
    }

    static func isText(_ contentType: String?) -> Bool {
        guard let contentType else { return false }
        let essence = essence(of: contentType)
        return essence.hasPrefix("text/") || isJSON(contentType) || essence.hasSuffix("+xml")
            || [
                "application/xml", "application/javascript", "application/x-www-form-urlencoded",
                "application/yaml",
            ].contains(essence)
    }

    /// The `charset` parameter, lower-cased.
    package static func charset(of contentType: String?) -> String? {
        guard let contentType else { return nil }
        for parameter in contentType.split(separator: ";").dropFirst() {
            let pair = parameter.split(separator: "=", maxSplits: 1).map {
                $0.trimmingCharacters(in: .whitespaces)
            }
            if pair.count == 2, pair[0].lowercased() == "charset" {
                return pair[1].trimmingCharacters(in: CharacterSet(charactersIn: "\"")).lowercased()
            }
        }
        return nil
    }
}
