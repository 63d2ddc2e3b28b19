import Foundation

/// The formats `apix import` reads, and which one a file is, decided by its content (a file name only breaks a
/// tie: `.http` / `.rest`). In the core, without the importers, so that whatever names importable files (the
/// "a file apix imports is here" hint, `NearbyFiles`) decides as `apix import` does.
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
        detect(body(of: text), name: name).format
    }

    /// Whether `apix import FILE` reads `text` on its own: a format is detected, and it is not a Postman
    /// environment file, which import refuses alone (it goes with `--environment`).
    package static func importsAlone(text: String, name: String) -> Bool {
        let (format, json) = detect(body(of: text), name: name)
        guard format == .postman, let json else { return format != nil }
        return !isPostmanEnvironmentAlone(json)
    }

    /// True when `value` looks like a Postman collection.
    package static func isPostmanCollection(_ value: JSONValue) -> Bool {
        (value["info"]?["schema"]?.stringValue ?? "").contains("getpostman.com") || value["info"]?["_postman_id"] != nil
    }

    /// True when `value` looks like a Postman environment file.
    package static func isPostmanEnvironment(_ value: JSONValue) -> Bool {
        value["_postman_variable_scope"] != nil
            || (value["values"] != nil && value["name"] != nil && value["info"] == nil)
    }

    /// An environment file that is no collection: what `apix import` refuses alone.
    package static func isPostmanEnvironmentAlone(_ value: JSONValue) -> Bool {
        isPostmanEnvironment(value) && !isPostmanCollection(value)
    }

    /// Whether a line of `text` starts with `key:` (a top-level YAML key, wherever it is: a document written with
    /// its keys sorted, Stripe's, has `openapi:` on line 40,015), or with `key` itself when it holds its colon
    /// (`type: spec.insomnia.rest/`). One pass over the bytes, not a split into lines: a spec can be megabytes.
    package static func hasTopLevelKey(_ key: String, in text: String) -> Bool {
        let needle = Array((key.contains(":") ? key : key + ":").utf8)
        var text = text
        return text.withUTF8 { bytes in
            var start = 0
            while start + needle.count <= bytes.count {
                if needle.indices.allSatisfy({ bytes[start + $0] == needle[$0] }) { return true }
                // The next line's start: after a line feed or a carriage return.
                guard let end = bytes[start...].firstIndex(where: { $0 == 0x0A || $0 == 0x0D }) else { return false }
                start = end + 1
            }
            return false
        }
    }

    private static func body(of text: String) -> String {
        text.hasPrefix("\u{FEFF}") ? String(text.dropFirst()) : text
    }

    /// The format of `body` (without its byte-order mark), and the JSON it parsed to when it is JSON.
    private static func detect(_ body: String, name: String) -> (format: ImportFormat?, json: JSONValue?) {
        if let json = try? JSONValue.parse(body) {
            if json["openapi"] != nil || json["swagger"] != nil { return (.openapi, json) }
            if json["log"]?["entries"] != nil { return (.har, json) }
            if json["__export_format"] != nil { return (.insomnia, json) }
            if isPostmanCollection(json) || isPostmanEnvironment(json) { return (.postman, json) }
            return (nil, json)
        }
        if hasTopLevelKey("openapi", in: body) || hasTopLevelKey("swagger", in: body) { return (.openapi, nil) }
        if hasTopLevelKey("type: collection.insomnia.rest/", in: body)
            || hasTopLevelKey("type: spec.insomnia.rest/", in: body)
        {
            return (.insomnia, nil)
        }
        let lower = name.lowercased()
        if lower.hasSuffix(".http") || lower.hasSuffix(".rest") { return (.http, nil) }
        if lower.hasSuffix(".bru") { return (.bruno, nil) }
        let methods = ["GET ", "POST ", "PUT ", "PATCH ", "DELETE ", "HEAD ", "OPTIONS "]
        let head = body.prefix(4096)
        if head.split(whereSeparator: \.isNewline).contains(where: { line in methods.contains { line.hasPrefix($0) } })
        {
            return (.http, nil)
        }
        return (nil, nil)
    }
}
