import ExplorerCore
import Foundation
import OpenAPIKit

/// Turns an OpenAPI 3.0 / 3.1 document (YAML or JSON) into a profile: servers become environments, operations
/// endpoints grouped by tag into folders, path and query parameters `params` / `query` with their examples or
/// defaults, request bodies an example body, and the security scheme the profile's `auth` where it maps.
public enum OpenAPIImporter {
    /// Reads `text` (YAML or JSON; Yams keeps key order for both) and builds the profile `id` (default: from the
    /// document's title). `file` is where the profile will be written.
    public static func makeProfile(text: String, id: String?, file: String) throws(InteropError) -> OpenAPIImport {
        let document = try OpenAPIDocumentReader.read(text)
        let dereferenced: DereferencedDocument
        do {
            dereferenced = try document.locallyDereferenced()
        } catch {
            throw InteropError(.invalid("cannot resolve the document's references: \(error)"))
        }
        let profileID = id ?? slug(document.info.title)
        var notes: [String] = []
        var profile = Profile(
            id: profileID, name: document.info.title, description: document.info.description.map(firstParagraph),
            file: file, environments: environments(document.servers, notes: &notes))
        profile.defaultEnvironment = profile.environments.first?.name

        let endpoints = dereferenced.resolvedEndpoints()
        let (auth, secrets, schemeName) = authentication(document: dereferenced, endpoints: endpoints, notes: &notes)
        var usedIDs: Set<String> = []
        for resolved in endpoints {
            guard let method = HTTPMethod(rawValue: resolved.method.rawValue) else {
                notes.append("skipped \(resolved.method.rawValue) \(resolved.path.rawValue): unsupported method")
                continue
            }
            var endpoint = makeEndpoint(resolved, method: method, notes: &notes)
            endpoint.id = unique(endpoint.id, in: &usedIDs)
            if schemeName != nil, !resolved.security.contains(where: { $0.schemes.keys.contains(schemeName!) }) {
                endpoint.authDisabled = true
            }
            profile.endpoints.append(endpoint)
        }
        let distinctNotes = notes.reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
        return OpenAPIImport(profile: profile, auth: auth, secretVariables: secrets, notes: distinctNotes)
    }

    // MARK: - Environments

    static func environments(_ servers: [OpenAPIKit.OpenAPI.Server], notes: inout [String]) -> [ProfileEnvironment] {
        var result: [ProfileEnvironment] = []
        var names: Set<String> = []
        for server in servers {
            var url = server.urlTemplate.rawValue
            var variables: [String: Template] = [:]
            for (name, variable) in server.variables {
                url = url.replacingOccurrences(of: "{\(name)}", with: "{{\(name)}}")
                variables[name] = Template(variable.default)
            }
            if !url.contains("://") {
                // A relative server URL is relative to wherever the document was served from.
                variables["origin"] = Template("http://localhost")
                url = "{{origin}}" + (url.hasPrefix("/") ? url : "/" + url)
                notes.append("server \(server.urlTemplate.rawValue) is relative: set `origin` in its environment")
            }
            if url.hasSuffix("/") { url.removeLast() }
            let base = server.name ?? server.description.map(slug) ?? hostName(url) ?? "server"
            let name = unique(slug(base), in: &names)
            result.append(ProfileEnvironment(name: name, baseURL: Template(url), variables: variables))
        }
        if result.isEmpty {
            notes.append("the document names no server: the `default` environment points at http://localhost")
            result.append(ProfileEnvironment(name: "default", baseURL: "http://localhost"))
        }
        return result
    }

    static func hostName(_ url: String) -> String? {
        URL(string: url.replacingOccurrences(of: "{{", with: "").replacingOccurrences(of: "}}", with: ""))?.host
    }

    // MARK: - Endpoints

    static func makeEndpoint(_ resolved: ResolvedEndpoint, method: HTTPMethod, notes: inout [String]) -> Endpoint {
        let path = resolved.path.rawValue
        let id = resolved.operationId.map(identifier) ?? defaultID(method: method, path: path)
        var endpoint = Endpoint(
            id: id, name: resolved.endpointSummary.map(firstParagraph), folder: resolved.tags.first,
            description: (resolved.endpointDescription ?? resolved.routeDescription).map(firstParagraph),
            method: method, path: Template(path))
        for parameter in resolved.parameters {
            let values = exampleValues(parameter)
            let item = Parameter(name: parameter.name, values: values.map { $0.map { Template($0) } })
            switch parameter.location {
            case .path: endpoint.params.append(item)
            case .query: endpoint.query.append(item)
            case .header:
                if !["accept", "content-type", "authorization"].contains(parameter.name.lowercased()) {
                    endpoint.headers.append(item)
                }
            case .cookie, .querystring:
                notes.append("\(id): \(parameter.location.rawValue) parameter `\(parameter.name)` not carried over")
            }
        }
        // Every placeholder needs a value or an explicit null for the user to fill.
        for name in endpoint.placeholders where !endpoint.params.contains(where: { $0.name == name }) {
            endpoint.params.append(Parameter(name: name, values: nil))
        }
        if let request = resolved.requestBody {
            endpoint.body = body(request.content, id: id, notes: &notes)
        }
        return endpoint
    }

    /// A parameter's example, default or schema example as text (several for arrays), or nil when it has none.
    static func exampleValues(_ parameter: DereferencedParameter) -> [String]? {
        var value: AnyCodable?
        if case .a(let context) = parameter.schemaOrContent {
            value =
                context.example ?? context.examples?.values.first?.dataOrLegacyValue
                ?? context.schema.examples.first ?? context.schema.defaultValue
                ?? (parameter.required ? context.schema.allowedValues?.first : nil)
        } else if case .b(let content) = parameter.schemaOrContent, let first = content.values.first {
            value = first.example ?? first.schema?.examples.first
        }
        guard let value else { return nil }
        let converted = templateValue(value.value)
        if case .array(let items) = converted { return items.map(scalarText) }
        return [scalarText(converted)]
    }

    static func scalarText(_ value: TemplateValue) -> String {
        switch value {
        case .null: ""
        case .bool(let flag): String(flag)
        case .number(let text): text
        case .string(let template): template.raw
        case .array, .object:
            (try? value.render(VariableScope(processEnvironment: [:])).serialized()) ?? ""
        }
    }

    static func body(_ content: DereferencedContent.Map, id: String, notes: inout [String]) -> BodyTemplate? {
        let types = content.keys.map(\.rawValue)
        if let index = types.firstIndex(where: { MediaType.isJSON($0) }) {
            let media = content.values[index]
            return .json(example(media))
        }
        if let index = types.firstIndex(where: { $0.hasPrefix("application/x-www-form-urlencoded") }) {
            return .form(fields(content.values[index]))
        }
        if let index = types.firstIndex(where: { $0.hasPrefix("multipart/form-data") }) {
            return .multipart(fields(content.values[index]))
        }
        guard let type = types.first else { return nil }
        if type.hasPrefix("text/") { return .text(Template(scalarText(example(content.values[0]))), contentType: type) }
        notes.append("\(id): a \(type) body is sent from a file: change `@./\(id).body` to yours")
        return .file(Template("@./\(id).body"), contentType: type)
    }

    static func example(_ content: DereferencedContent) -> TemplateValue {
        if let value = content.example ?? content.examples?.values.first?.dataOrLegacyValue {
            return templateValue(value.value)
        }
        return content.schema.map { example($0, depth: 0) } ?? .object([])
    }

    /// Form fields from an object schema's properties (files as `@./name`).
    static func fields(_ content: DereferencedContent) -> [Parameter] {
        guard case .object(_, let object)? = content.schema else { return [] }
        return object.properties.map { name, schema in
            if schema.formatString == "binary" || schema.formatString == "byte" {
                return Parameter(name, Template("@./\(name)"))
            }
            return Parameter(name, Template(scalarText(example(schema, depth: 1))))
        }
    }

    /// An example value built from a schema: its example, default or first allowed value, else one made up from
    /// the type (objects with every property, arrays with one item). Read-only properties are left out.
    static func example(_ schema: DereferencedJSONSchema, depth: Int) -> TemplateValue {
        if let value = schema.examples.first ?? schema.defaultValue ?? schema.allowedValues?.first {
            return templateValue(value.value)
        }
        guard depth < 8 else { return .null }
        switch schema {
        case .null: return .null
        case .boolean: return .bool(false)
        case .number: return .number("0")
        case .integer: return .number("0")
        case .string:
            switch schema.formatString {
            case "date-time": return .string("2024-01-01T00:00:00Z")
            case "date": return .string("2024-01-01")
            case "uuid": return .string("00000000-0000-0000-0000-000000000000")
            case "email": return .string("user@example.com")
            case "uri", "url": return .string("https://example.com")
            default: return .string("string")
            }
        case .object(_, let object):
            return .object(
                object.properties.compactMap { name, property in
                    property.readOnly ? nil : .init(key: name, value: example(property, depth: depth + 1))
                })
        case .array(_, let array):
            return .array(array.items.map { [example($0, depth: depth + 1)] } ?? [])
        case .all(of: let schemas, _):
            var members: [TemplateValue.Member] = []
            for part in schemas {
                if case .object(let more) = example(part, depth: depth + 1) {
                    for member in more where !members.contains(where: { $0.key == member.key }) {
                        members.append(member)
                    }
                }
            }
            return .object(members)
        case .one(of: let schemas, _), .any(of: let schemas, _):
            return schemas.first.map { example($0, depth: depth + 1) } ?? .null
        case .not, .fragment:
            return .null
        }
    }

    /// A decoded example (`AnyCodable`'s value) as a template value; object keys sorted, since decoding lost
    /// their order.
    static func templateValue(_ value: Any) -> TemplateValue {
        switch value {
        case is NSNull: return .null
        case let flag as Bool: return .bool(flag)
        case let number as Int: return .number(String(number))
        case let number as UInt: return .number(String(number))
        case let number as Double:
            return .number(number == number.rounded() && abs(number) < 1e15 ? String(Int64(number)) : String(number))
        case let text as String: return .string(Template(text))
        case let items as [Any]: return .array(items.map(templateValue))
        case let object as [String: Any]:
            return .object(object.sorted { $0.key < $1.key }.map { .init(key: $0.key, value: templateValue($0.value)) })
        case let optional as AnyCodable: return templateValue(optional.value)
        default: return .string(Template(String(describing: value)))
        }
    }
}
