import ExplorerCore
import Foundation

/// Reads a file of one of the light formats (everything but OpenAPI, which needs OpenAPIKit) into an import.
package enum CollectionImporter {
    /// `path` read as `format`; `environments` are extra files the format takes (Postman environment files).
    package static func makeProfile(format: ImportFormat, path: String, environments: [String] = [], id: String?)
        throws(InteropError) -> ProfileImport
    {
        switch format {
        case .postman:
            let collection = try json(path)
            if ImportFormat.isPostmanEnvironmentAlone(collection) {
                throw InteropError(
                    .invalid(
                        "a Postman environment file, not a collection: give it with --environment to "
                            + "`apix import postman COLLECTION`"))
            }
            var parsed: [JSONValue] = []
            for file in environments { parsed.append(try json(file)) }
            return try PostmanImporter.makeProfile(collection: collection, environments: parsed, id: id)
        case .har:
            return try HARImporter.makeProfile(json(path), fileName: path, id: id)
        case .http:
            // JetBrains keeps environments beside the requests: http-client.env.json (and a private one).
            let directory = (path as NSString).deletingLastPathComponent
            var files = environments
            for name in ["http-client.env.json", "http-client.private.env.json"] {
                let candidate = (directory as NSString).appendingPathComponent(name)
                if FileManager.default.fileExists(atPath: candidate), !files.contains(candidate) {
                    files.append(candidate)
                }
            }
            var values: [String: [String: String]] = [:]
            for file in files {
                for (environment, variables) in try json(file).members {
                    for (name, value) in variables.members {
                        values[environment, default: [:]][name] = value.text ?? ""
                    }
                }
            }
            return HTTPFileImporter.makeProfile(text: try text(path), fileName: path, environments: values, id: id)
        case .insomnia:
            return try InsomniaImporter.makeProfile(text: text(path), fileName: path, id: id)
        case .bruno:
            var isDirectory: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
            let directory = isDirectory.boolValue ? path : (path as NSString).deletingLastPathComponent
            return try BrunoImporter.makeProfile(directory: directory, id: id)
        case .openapi:
            throw InteropError(.invalid("OpenAPI documents are imported by apix-openapi"))
        }
    }

    static func text(_ path: String) throws(InteropError) -> String {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw InteropError(.invalid("cannot read \(path)"))
        }
        let text = String(decoding: data, as: UTF8.self)
        return text.hasPrefix("\u{FEFF}") ? String(text.dropFirst()) : text
    }

    static func json(_ path: String) throws(InteropError) -> JSONValue {
        let text = try text(path)
        do {
            return try JSONValue.parse(text)
        } catch {
            throw InteropError(.invalid("\(path) is not JSON: \(error)"))
        }
    }
}
