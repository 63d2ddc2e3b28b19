import ExplorerCore
import Foundation

/// `.http` / `.rest` files (JetBrains HTTP Client, VS Code REST Client): `###`-separated requests, `@name = value`
/// variables, `# @name` request names, headers up to the first blank line, then the body (`< ./file` sends a
/// file). Response handlers (`> {% … %}`) are skipped with a note. Origin-form request lines (`POST /x` with a
/// `Host:` header) become `http://HOST/x`. A dot in a variable name becomes `_` (apix reads `{{a.b}}` as a
/// value captured by endpoint `a`).
enum HTTPFileImporter {
    static let methods: Set<String> = ["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS", "TRACE", "CONNECT"]

    struct Block {
        var lines: [Substring] = []
        var title: String?
    }

    static func makeProfile(text: String, fileName: String, environments: [String: [String: String]], id: String?)
        -> ProfileImport
    {
        let title = ((fileName as NSString).lastPathComponent as NSString).deletingPathExtension
        var draft = CollectionDraft(id: id ?? ImportNaming.slug(title, fallback: "requests"), name: title)
        var blocks: [Block] = [Block()]
        for line in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {
            if line.hasPrefix("###") {
                let name = line.dropFirst(3).trimmingCharacters(in: .whitespaces)
                blocks.append(Block(title: name.isEmpty ? nil : name))
            } else {
                blocks[blocks.count - 1].lines.append(line)
            }
        }
        var handlers = 0
        for block in blocks {
            request(block, draft: &draft, handlers: &handlers)
        }
        if handlers > 0 {
            draft.notes.append("\(handlers) response handlers (`> {% … %}`) skipped: apix does not run scripts")
        }
        for (name, values) in environments.sorted(by: { $0.key < $1.key }) {
            var variables: [String: Template] = [:]
            let environment = ImportNaming.slug(name, fallback: "environment")
            for (key, value) in values {
                let key = variableName(key)
                if ImportNaming.looksSecret(key) {
                    draft.secret(key, value, environment: environment)
                } else {
                    variables[key] = Template(value)
                }
            }
            draft.environments.append(ProfileEnvironment(name: environment, baseURL: "", variables: variables))
        }
        return draft.finish()
    }

    static func variableName(_ name: String) -> String {
        name.replacingOccurrences(of: ".", with: "_")
    }

    /// `{{ a.b }}` → `{{a_b}}` (and `{{$x}}` kept as written).
    /// Split as a profile's templates are (`Template.pieces`, one scan): a search from each reference on took 10 s
    /// to import a 220 KB non-ASCII body with 16,000 of them.
    static func references(_ text: String) -> String {
        Template(text).pieces.map { piece in
            switch piece {
            case .text(let text): text
            case .variable(let name): "{{" + variableName(name) + "}}"
            }
        }.joined()
    }

    static func request(_ block: Block, draft: inout CollectionDraft, handlers: inout Int) {
        var name = block.title
        var commentName: String?
        var index = 0
        var requestLine: String?
        let lines = block.lines
        // Before the request line: variables, comments, `# @name`.
        while index < lines.count, requestLine == nil {
            let line = lines[index].trimmingCharacters(in: .whitespaces)
            index += 1
            if line.isEmpty { continue }
            if line.hasPrefix("@"), let equals = line.firstIndex(of: "=") {
                let key = line[line.index(after: line.startIndex)..<equals].trimmingCharacters(in: .whitespaces)
                let value = line[line.index(after: equals)...].trimmingCharacters(in: .whitespaces)
                draft.define(variableName(key), references(value))
                continue
            }
            if line.hasPrefix("#") || line.hasPrefix("//") {
                let comment = line.drop { $0 == "#" || $0 == "/" }.trimmingCharacters(in: .whitespaces)
                if comment.hasPrefix("@name") {
                    name = comment.dropFirst(5).trimmingCharacters(in: CharacterSet(charactersIn: " =\t"))
                } else if commentName == nil, !comment.isEmpty, !comment.contains("http") {
                    // Visual Studio's habit: the comment above a request names it.
                    commentName = comment
                }
                continue
            }
            requestLine = line
        }
        guard let requestLine else { return }
        name = name ?? commentName
        var words = requestLine.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        var method = HTTPMethod.get
        if let first = words.first,
            methods.contains(first.uppercased()) || (words.count > 1 && first == first.uppercased()),
            let parsed = HTTPMethod(rawValue: first)
        {
            method = parsed
            words.removeFirst()
        }
        if let last = words.last, last.hasPrefix("HTTP/") { words.removeLast() }
        var url = references(words.joined(separator: " "))
        // Query continuation lines (`?a=1`, `&b=2`).
        while index < lines.count {
            let next = lines[index].trimmingCharacters(in: .whitespaces)
            guard next.hasPrefix("?") || next.hasPrefix("&") else { break }
            url += next
            index += 1
        }
        var headers: [Parameter] = []
        while index < lines.count {
            let line = lines[index].trimmingCharacters(in: .whitespaces)
            index += 1
            if line.isEmpty { break }
            if line.hasPrefix("#") || line.hasPrefix("//") { continue }
            guard let colon = line.firstIndex(of: ":") else { continue }
            let key = line[..<colon].trimmingCharacters(in: .whitespaces)
            let value = references(line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
            headers.append(Parameter(key, Template(value)))
        }
        if url.hasPrefix("/"), let host = headers.first(where: { $0.name.lowercased() == "host" })?.value?.raw {
            url = (host.contains("://") ? host : "http://" + host) + url
        }
        headers.removeAll { $0.name.lowercased() == "host" }
        var bodyLines: [Substring] = []
        while index < lines.count {
            let line = lines[index]
            index += 1
            if line.hasPrefix("> {%") || line.hasPrefix(">{%") {
                handlers += 1
                // The handler runs to its closing `%}`.
                var closing = line.contains("%}")
                while !closing, index < lines.count {
                    closing = lines[index].contains("%}")
                    index += 1
                }
                continue
            }
            if line.hasPrefix("<> ") || line.hasPrefix(">> ") { continue }
            bodyLines.append(line)
        }
        while let last = bodyLines.last, last.trimmingCharacters(in: .whitespaces).isEmpty { bodyLines.removeLast() }
        // Comment lines before the body (a `// Command` between the blank line and the JSON).
        while let first = bodyLines.first, first.hasPrefix("//") || first.hasPrefix("# ") { bodyLines.removeFirst() }
        let bodyText = references(bodyLines.joined(separator: "\n"))
        let (bare, query) = split(url)
        var endpoint = Endpoint(id: "", name: "", method: method, path: Template(bare))
        endpoint.query = query
        endpoint.headers = headers
        endpoint.body = body(bodyText, headers: &endpoint.headers)
        for placeholder in endpoint.placeholders where !endpoint.params.contains(where: { $0.name == placeholder }) {
            endpoint.params.append(Parameter(name: placeholder, values: nil))
        }
        let path = CollectionDraft.split(bare).rest
        let label = "\(method.rawValue) \(path.isEmpty ? "/" : path)"
        endpoint.name = ImportNaming.line(name ?? label)
        draft.add(endpoint, idFrom: name ?? "\(method.rawValue.lowercased()) \(path)")
    }

    static func split(_ url: String) -> (String, [Parameter]) {
        guard let mark = url.firstIndex(of: "?") else { return (url, []) }
        return (String(url[..<mark]), PostmanImporter.query(.string(url)))
    }

    static func body(_ text: String, headers: inout [Parameter]) -> BodyTemplate? {
        guard !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { return nil }
        let type = headers.first { $0.name.lowercased() == "content-type" }?.value?.raw
        if text.hasPrefix("< ") {
            let file = text.dropFirst(2).split(whereSeparator: \.isNewline).first.map(String.init) ?? ""
            return .file(Template("@" + file.trimmingCharacters(in: .whitespaces)), contentType: type)
        }
        if let type, MediaType.isJSON(type) {
            headers.removeAll { $0.name.lowercased() == "content-type" }
            return .json(text: text)
        }
        if let type, type.lowercased().hasPrefix("application/x-www-form-urlencoded") {
            headers.removeAll { $0.name.lowercased() == "content-type" }
            let pairs = FormEncoding.decode(text.replacingOccurrences(of: "\n", with: ""), plusIsSpace: false).map {
                Parameter($0.name, Template($0.value))
            }
            return .form(pairs)
        }
        headers.removeAll { $0.name.lowercased() == "content-type" }
        return .text(Template(BodyFileReference.literal(text)), contentType: type)
    }
}
