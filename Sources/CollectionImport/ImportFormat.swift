import ExplorerCore
import Foundation

/// The formats `apix import` reads, and which one a file is, decided by its content (a file name only breaks a
/// tie: `.http` / `.rest`).
package enum ImportFormat: String, Sendable, CaseIterable {
    case openapi, postman, insomnia, har, http, bruno

    /// The format of the file or directory at `path`, or nil with nothing recognisable.
    package static func detect(path: String) -> ImportFormat? {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { return nil }
        if isDirectory.boolValue {
            let marker = (path as NSString).appendingPathComponent("bruno.json")
            return FileManager.default.fileExists(atPath: marker) ? .bruno : nil
        }
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        return detect(text: String(decoding: data, as: UTF8.self), name: path)
    }

    /// The format of `text`; `name` (a path) only for `.http` / `.rest` and `.bru`.
    package static func detect(text: String, name: String) -> ImportFormat? {
        let body = text.hasPrefix("\u{FEFF}") ? String(text.dropFirst()) : text
        let head = body.prefix(4096)
        if let json = try? JSONValue.parse(body) {
            if json["openapi"] != nil || json["swagger"] != nil { return .openapi }
            if json["log"]?["entries"] != nil { return .har }
            if json["__export_format"] != nil { return .insomnia }
            if PostmanImporter.isCollection(json) || PostmanImporter.isEnvironment(json) { return .postman }
            return nil
        }
        // Top-level keys, wherever they are: a document written with its keys sorted (Stripe's) has `openapi:` on
        // line 40,015, after `components:`.
        for line in body.split(whereSeparator: \.isNewline) where line.first.map({ "ost".contains($0) }) == true {
            if line.hasPrefix("openapi:") || line.hasPrefix("swagger:") { return .openapi }
            if line.hasPrefix("type: collection.insomnia.rest/") || line.hasPrefix("type: spec.insomnia.rest/") {
                return .insomnia
            }
        }
        let lower = name.lowercased()
        if lower.hasSuffix(".http") || lower.hasSuffix(".rest") { return .http }
        if lower.hasSuffix(".bru") { return .bruno }
        let methods = ["GET ", "POST ", "PUT ", "PATCH ", "DELETE ", "HEAD ", "OPTIONS "]
        if head.split(whereSeparator: \.isNewline).contains(where: { line in methods.contains { line.hasPrefix($0) } })
        {
            return .http
        }
        return nil
    }
}
