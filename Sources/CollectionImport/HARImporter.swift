import ExplorerCore
import Foundation

/// HAR captures (browser or proxy): one endpoint per distinct request (method, URL and body), the origin most
/// requests went to as the base URL, headers without HTTP/2 pseudo-headers and what the transport adds, and
/// credentials (`Cookie`, `Authorization`, API-key headers) in the secrets file, never the profile.
enum HARImporter {
    static let transportHeaders: Set<String> = [
        "host", "content-length", "connection", "accept-encoding", "keep-alive", "transfer-encoding", "te",
        "upgrade-insecure-requests", "priority", "pragma", "cache-control", "origin", "referer", "if-none-match",
        "if-modified-since",
    ]

    static func makeProfile(_ har: JSONValue, fileName: String, id: String?) throws(InteropError) -> ProfileImport {
        guard let entries = har["log"]?["entries"] else {
            throw InteropError(.invalid("not a HAR file: no `log.entries`"))
        }
        let title = ((fileName as NSString).lastPathComponent as NSString).deletingPathExtension
        var draft = CollectionDraft(id: id ?? ImportNaming.slug(title, fallback: "har"), name: title)
        var seen: Set<String> = []
        var credentialValues: [String: String] = [:]
        var repeated = 0
        var dropped = 0
        for entry in entries.array {
            let request = entry["request"] ?? .null
            let methodText = request["method"]?.text ?? "GET"
            guard let method = HTTPMethod(rawValue: methodText), let url = request["url"]?.text else { continue }
            let bare = String(url.prefix { $0 != "?" && $0 != "#" })
            // Distinct: another method, URL (query included) or body.
            let postData = request["postData"].map { $0.serialized() } ?? ""
            guard seen.insert("\(method.rawValue) \(url) \(postData)").inserted else {
                repeated += 1
                continue
            }
            var endpoint = Endpoint(id: "", name: "", method: method, path: Template(bare))
            let path = CollectionDraft.split(bare).rest
            endpoint.name = ImportNaming.line("\(method.rawValue) \(path.isEmpty ? "/" : path)")
            for item in request["queryString"]?.array ?? [] {
                guard let name = item["name"]?.text else { continue }
                endpoint.query.append(Parameter(name, Template(item["value"]?.text ?? "")))
            }
            if endpoint.query.isEmpty, let mark = url.firstIndex(of: "?") {
                endpoint.query = PostmanImporter.query(.string(String(url[mark...])))
            }
            for header in request["headers"]?.array ?? [] {
                guard let name = header["name"]?.text, let value = header["value"]?.text else { continue }
                let lower = name.lowercased()
                if lower.hasPrefix(":") || transportHeaders.contains(lower) || lower.hasPrefix("sec-") {
                    dropped += 1
                    continue
                }
                if let base = ImportCredentials.headers[lower] {
                    endpoint.headers.append(
                        Parameter(name, Template("{{\(ImportCredentials.secretName(base, value, &credentialValues))}}"))
                    )
                    continue
                }
                guard !endpoint.headers.contains(where: { $0.name.lowercased() == lower }) else { continue }
                endpoint.headers.append(Parameter(name, Template(value)))
            }
            endpoint.body = body(request["postData"], headers: &endpoint.headers)
            draft.add(endpoint, idFrom: "\(method.rawValue.lowercased()) \(path)")
        }
        for (name, value) in credentialValues.sorted(by: { $0.key < $1.key }) { draft.secret(name, value) }
        if repeated > 0 {
            draft.notes.append("\(repeated) repeated requests (same method, URL and body) imported once")
        }
        if dropped > 0 {
            draft.notes.append(
                "\(dropped) headers the transport sets (pseudo-headers, Host, Content-Length, …) left out")
        }
        if !credentialValues.isEmpty {
            draft.notes.append(
                "credentials (cookies, Authorization, API keys) went to the secrets file: "
                    + credentialValues.keys.sorted().joined(separator: ", "))
        }
        return draft.finish()
    }

    static func body(_ postData: JSONValue?, headers: inout [Parameter]) -> BodyTemplate? {
        guard let postData else { return nil }
        let mime = postData["mimeType"]?.text ?? ""
        let params = postData["params"]?.array ?? []
        if !params.isEmpty, mime.hasPrefix("multipart/") || mime.contains("urlencoded") {
            headers.removeAll { $0.name.lowercased() == "content-type" }
            let fields = params.compactMap { param -> Parameter? in
                guard let name = param["name"]?.text else { return nil }
                if let file = param["fileName"]?.text { return Parameter(name, Template("@./\(file)")) }
                let value = param["value"]?.text ?? ""
                return Parameter(name, Template(BodyFileReference.literal(value)))
            }
            return mime.hasPrefix("multipart/") ? .multipart(fields) : .form(fields)
        }
        guard let text = postData["text"]?.text, !text.isEmpty else { return nil }
        if MediaType.isJSON(mime) {
            headers.removeAll { $0.name.lowercased() == "content-type" }
            return .json(text: text)
        }
        headers.removeAll { $0.name.lowercased() == "content-type" }
        return .text(Template(BodyFileReference.literal(text)), contentType: mime.isEmpty ? nil : mime)
    }
}
