import Foundation

extension CurlCommandLine {
    /// The command as a profile endpoint. When the URL starts with `baseURL` (an environment's), the path is kept
    /// relative to it; otherwise the endpoint holds the absolute URL. The query becomes `query`, a form or JSON
    /// body becomes `form:` / `json:` when that sends the same bytes' meaning, anything else `text:` with its type.
    /// A URL outside `baseURL` gets `auth: none`: the profile's credentials belong to its own origin, and a command
    /// pasted for another host carries its own (`-u`, `-H Authorization`) if it needs any.
    package func endpoint(id: String, baseURL: String? = nil) throws(InteropError) -> Endpoint {
        var address = url
        var fragmentless = address
        if let hash = fragmentless.firstIndex(of: "#") { fragmentless = String(fragmentless[..<hash]) }
        address = fragmentless
        var queryText: String?
        if let question = address.firstIndex(of: "?") {
            queryText = String(address[address.index(after: question)...])
            address = String(address[..<question])
        }
        var path = address
        var outsideBase = false
        if let baseURL {
            if let relative = Self.relativePath(address, to: baseURL) { path = relative } else { outsideBase = true }
        }
        if path.contains("{{") || path.contains("{") {
            throw InteropError(.invalid("the URL has `{` in its path, which profiles read as a placeholder"))
        }
        var endpoint = Endpoint(id: id, method: method, path: Template(path))
        endpoint.authDisabled = outsideBase
        if let queryText, !queryText.isEmpty {
            endpoint.query = FormEncoding.decode(queryText, plusIsSpace: false).map {
                Parameter($0.name, Template($0.value))
            }
        }
        var headers = self.headers
        endpoint.body = try bodyTemplate(headers: &headers)
        endpoint.headers = headers.map { Parameter($0.name, Template($0.value)) }
        endpoint.transfer = TransferSettings(
            timeout: timeout, connectTimeout: connectTimeout, followRedirects: followRedirects,
            maxRedirects: maxRedirects, insecure: insecure, caFile: caFile, compressed: compressed)
        endpoint.downloadTo = output
        return endpoint
    }

    private func bodyTemplate(headers: inout HTTPHeaders) throws(InteropError) -> BodyTemplate? {
        let type = headers["Content-Type"]
        switch body {
        case .none:
            return nil
        case .json(let text):
            return try Self.json(text).map { value in
                if type == "application/json" { headers.remove("Content-Type") }
                return .json(value)
            } ?? .text(Template(text), contentType: nil)
        case .file(let path):
            return .file(Template("@" + path), contentType: type == nil ? "application/x-www-form-urlencoded" : nil)
        case .form(let parts):
            return .multipart(parts.map { Parameter($0.name, Template($0.value)) })
        case .data(let text):
            if let type, MediaType.isJSON(type), let value = try Self.json(text) {
                if type == "application/json" { headers.remove("Content-Type") }
                return .json(value)
            }
            let isForm = type == nil || type?.lowercased().hasPrefix("application/x-www-form-urlencoded") == true
            if isForm, !text.isEmpty {
                let pairs = FormEncoding.decode(text, plusIsSpace: true)
                if FormEncoding.body(pairs) == text {
                    if type != nil { headers.remove("Content-Type") }
                    return .form(pairs.map { Parameter($0.name, Template($0.value)) })
                }
            }
            // curl sends -d data as a form unless told otherwise; keep that type with the text.
            return .text(Template(text), contentType: type == nil ? "application/x-www-form-urlencoded" : nil)
        }
    }

    /// A JSON document as a YAML-writable value, or nil when the text is not JSON.
    static func json(_ text: String) throws(InteropError) -> TemplateValue? {
        guard let value = try? JSONValue.parse(text) else { return nil }
        return templateValue(value)
    }

    static func templateValue(_ value: JSONValue) -> TemplateValue {
        switch value {
        case .null: .null
        case .bool(let flag): .bool(flag)
        case .number(let text): .number(text)
        case .string(let text): .string(Template(text))
        case .array(let items): .array(items.map(templateValue))
        case .object(let object): .object(object.map { .init(key: $0.key, value: templateValue($0.value)) })
        }
    }

    /// `url`'s path relative to `baseURL` when it is under it (`http://h/api` + `/api/x` → `/x`).
    static func relativePath(_ url: String, to baseURL: String) -> String? {
        let base = baseURL.hasSuffix("/") ? String(baseURL.dropLast()) : baseURL
        // Scheme and host compare without case; the path does not (`/API` is not `/api`).
        let (baseOrigin, basePath) = splitOrigin(base)
        let (origin, path) = splitOrigin(url)
        guard origin.lowercased() == baseOrigin.lowercased(), path.hasPrefix(basePath) else { return nil }
        let rest = String(path.dropFirst(basePath.count))
        if rest.isEmpty { return "/" }
        return rest.hasPrefix("/") ? rest : nil
    }

    /// `scheme://authority` and the rest of a URL.
    private static func splitOrigin(_ url: String) -> (origin: Substring, rest: Substring) {
        guard let scheme = url.range(of: "://") else { return (url[...], "") }
        let end = url[scheme.upperBound...].firstIndex { $0 == "/" || $0 == "?" || $0 == "#" } ?? url.endIndex
        return (url[..<end], url[end...])
    }
}
